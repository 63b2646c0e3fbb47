import { addQuotaBody, userUpdateBody } from './user-edit';

const form = { username: ' alice ', display_name: ' A ', group: 'default', quota: 1500, remark: '', password: '' };

describe('userUpdateBody', () => {
  it('sends a changed quota with the value the drawer loaded', () => {
    expect(userUpdateBody(7, 1000, form)).toEqual({
      id: 7,
      username: 'alice',
      display_name: 'A',
      password: undefined,
      group: 'default',
      remark: '',
      quota: 1500,
      original_quota: 1000,
    });
  });

  it('leaves an unchanged quota out, so the live balance is not touched', () => {
    const body = userUpdateBody(7, 1500, form);
    expect(body).not.toHaveProperty('quota');
    expect(body).not.toHaveProperty('original_quota');
  });

  it('sends whole numbers', () => {
    expect(userUpdateBody(7, 0, { ...form, quota: 12.9 as number })).toMatchObject({ quota: 12, original_quota: 0 });
  });
});

describe('addQuotaBody', () => {
  it('is a delta, never an absolute value', () => {
    expect(addQuotaBody(7, -250)).toEqual({ id: 7, quota_delta: -250 });
  });
});
