import { pickLocale, t } from './i18n';

describe('i18n', () => {
  it.each([
    [undefined, 'zh'],
    ['en-US,en;q=0.9', 'en'],
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh'],
    ['fr-FR,en;q=0.5', 'en'],
    ['en;q=0.2,zh;q=0.8', 'zh'],
    ['de', 'zh'],
  ])('pickLocale(%s) = %s', (header, locale) => expect(pickLocale(header)).toBe(locale));

  it('fills parameters', () => {
    expect(t('option.not_json', 'en', { key: 'ModelRatio' })).toBe('ModelRatio is not a valid JSON string');
    expect(t('option.not_json', 'zh', { key: 'ModelRatio' })).toBe('ModelRatio 不是合法的 JSON 字符串');
  });
});
