import { buttonAction, changeAction, clearMode, simpleChange, upstreamTasks } from './mj-wire';

describe('mj-wire', () => {
  it('prices a button by its customId', () => {
    expect(buttonAction('MJ::JOB::upsample::2::abc')?.model).toBe('mj_upscale');
    expect(buttonAction('MJ::JOB::variation::1::abc')?.model).toBe('mj_variation');
    expect(buttonAction('MJ::JOB::high_variation::1::abc')?.model).toBe('mj_high_variation');
    expect(buttonAction('MJ::JOB::low_variation::1::abc')?.model).toBe('mj_low_variation');
    expect(buttonAction('MJ::JOB::reroll::0::abc::SOLO')?.model).toBe('mj_reroll');
    expect(buttonAction('MJ::JOB::pan_left::1::abc::SOLO')?.model).toBe('mj_pan');
    expect(buttonAction('MJ::Outpaint::50::1::abc::SOLO')?.model).toBe('mj_zoom');
    expect(buttonAction('MJ::CustomZoom::abc')?.model).toBe('mj_custom_zoom');
    expect(buttonAction('MJ::Inpaint::1::abc::SOLO')?.model).toBe('mj_inpaint');
    expect(buttonAction('something else')).toBeNull();
    expect(buttonAction(42)).toBeNull();
  });

  it('reads change and simple-change', () => {
    expect(changeAction('UPSCALE')?.model).toBe('mj_upscale');
    expect(changeAction('toString')).toBeNull();
    expect(simpleChange('1320098173412546 U2')).toEqual({ taskId: '1320098173412546', action: { action: 'UPSCALE', model: 'mj_upscale' } });
    expect(simpleChange('1320098173412546 v4')?.action.model).toBe('mj_variation');
    expect(simpleChange('1320098173412546 R')?.action.model).toBe('mj_reroll');
    expect(simpleChange('1320098173412546 U5')).toBeNull();
  });

  it('clears mode flags only', () => {
    expect(clearMode('a cat --fast --ar 16:9 --relax --TURBO')).toBe('a cat --ar 16:9');
    expect(clearMode('a fastidious cat --v 6')).toBe('a fastidious cat --v 6');
  });

  it('keeps what the poller stores of list-by-condition, bounded', () => {
    const [t] = upstreamTasks([{ id: '1', status: 'success', progress: '100%', imageUrl: 'u', buttons: [{ customId: 'x' }], startTime: -5 }, { nope: 1 }]);
    expect(t).toMatchObject({ id: '1', status: 'SUCCESS', imageUrl: 'u', startTime: 0, buttons: '[{"customId":"x"}]' });
    expect(upstreamTasks({ not: 'a list' })).toEqual([]);
  });
});
