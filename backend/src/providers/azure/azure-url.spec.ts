import { azureApiVersion, azureDeployment, azureHeaders, azureModelsUrl, azureUrl } from './azure-url';

const base = 'https://my-resource.openai.azure.com/';

describe('Azure OpenAI URLs', () => {
  it.each([
    ['gpt-4o', 'chat', '2024-10-21', 'https://my-resource.openai.azure.com/openai/deployments/gpt-4o/chat/completions?api-version=2024-10-21'],
    ['gpt-3.5-turbo', 'chat', ' 2025-01-01-preview ', 'https://my-resource.openai.azure.com/openai/deployments/gpt-35-turbo/chat/completions?api-version=2025-01-01-preview'],
    ['gpt-3.5-turbo-instruct', 'completions', '', 'https://my-resource.openai.azure.com/openai/deployments/gpt-35-turbo-instruct/completions?api-version=2024-10-21'],
    ['text-embedding-3-small', 'embeddings', null, 'https://my-resource.openai.azure.com/openai/deployments/text-embedding-3-small/embeddings?api-version=2024-10-21'],
    ['dall-e-3', 'images.generations', '', 'https://my-resource.openai.azure.com/openai/deployments/dall-e-3/images/generations?api-version=2024-10-21'],
    ['tts-1', 'audio.speech', '', 'https://my-resource.openai.azure.com/openai/deployments/tts-1/audio/speech?api-version=2024-10-21'],
    ['whisper', 'audio.transcriptions', '', 'https://my-resource.openai.azure.com/openai/deployments/whisper/audio/transcriptions?api-version=2024-10-21'],
    ['whisper', 'audio.translations', '', 'https://my-resource.openai.azure.com/openai/deployments/whisper/audio/translations?api-version=2024-10-21'],
    ['gpt-4.1', 'responses', '', 'https://my-resource.openai.azure.com/openai/v1/responses'],
  ] as const)('%s %s (other %j)', (model, endpoint, other, url) => {
    expect(azureUrl({ baseUrl: base, model, endpoint, other })).toBe(url);
  });

  it('an explicit deployment mapping wins over the dot-stripping rule', () => {
    expect(azureDeployment('gpt-4.1', { 'gpt-4.1': 'prod-gpt41' })).toBe('prod-gpt41');
    expect(azureDeployment('gpt-4.1')).toBe('gpt-41');
    expect(azureUrl({ baseUrl: base, model: 'gpt-4.1', endpoint: 'chat', deployments: { 'gpt-4.1': 'my deploy' } })).toContain('/deployments/my%20deploy/');
  });

  it('api-version defaults to the GA version; the key goes in api-key', () => {
    expect(azureApiVersion(undefined)).toBe('2024-10-21');
    expect(azureHeaders('k')).toEqual({ 'api-key': 'k' });
  });

  it('lists models on the data plane with the channel\'s api-version', () => {
    expect(azureModelsUrl(base, '')).toBe('https://my-resource.openai.azure.com/openai/models?api-version=2024-10-21');
    expect(azureModelsUrl(base, ' 2025-01-01-preview ')).toBe('https://my-resource.openai.azure.com/openai/models?api-version=2025-01-01-preview');
  });
});
