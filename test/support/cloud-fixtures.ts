import { generateKeyPairSync } from 'node:crypto';
import { CloudMock } from '../mock-upstream/cloud-mock';

/** Bedrock credentials of the test channels (key "AK|SK|region"). */
export const AWS = { accessKeyId: 'AKIDMOCK', secretAccessKey: 'mock/secret+key', region: 'us-east-1' };
export const BEDROCK_KEY = `${AWS.accessKeyId}|${AWS.secretAccessKey}|${AWS.region}`;
export const COHERE_KEY = 'co-key';
const CLIENT_EMAIL = 'gw@demo.iam.gserviceaccount.com';

/**
 * A started CloudMock plus the channel keys it accepts: a throwaway Vertex service account (the token
 * endpoint verifies its assertions with the public half) and one whose assertions it refuses.
 */
export async function startCloud(): Promise<{ cloud: CloudMock; vertexKey: string; refusedVertexKey: string }> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const cloud = new CloudMock({
    aws: AWS,
    vertexPublicKey: publicKey,
    vertexClientEmail: CLIENT_EMAIL,
    cohereKey: COHERE_KEY,
  });
  await cloud.start();
  const serviceAccount = {
    type: 'service_account',
    project_id: 'demo-project',
    private_key_id: 'kid-1',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
    client_email: CLIENT_EMAIL,
    token_uri: `${cloud.url}/token`,
  };
  return {
    cloud,
    vertexKey: JSON.stringify(serviceAccount),
    refusedVertexKey: JSON.stringify({ ...serviceAccount, client_email: 'intruder@demo.iam.gserviceaccount.com' }),
  };
}
