/** The default Cognito hosted-UI domain prefix is valid for any stack name (Cognito refuses aws, amazon and cognito in it). */
import { defaultAuthDomainPrefix } from '../../infra/stack';

test.each([
  ['TranscribeApp', 'transcribeapp-123456789012'],
  ['MyAwsTranscriber', 'mytranscriber-123456789012'],
  ['Amazon-Cognito-App', 'app-123456789012'],
  ['aws', 'app-123456789012'],
  ['A'.repeat(128), `${'a'.repeat(50)}-123456789012`],
])('%s → %s', (stackName, prefix) => {
  const result = defaultAuthDomainPrefix(stackName, '123456789012');
  expect(result).toBe(prefix);
  expect(result).toMatch(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/);
  expect(result).not.toMatch(/aws|amazon|cognito/);
});
