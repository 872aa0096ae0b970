/** The Cognito CustomMessage trigger with the sample sign-up event (events/cognito/): our wording, Cognito's code placeholder kept. */
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import signUp from '../../events/cognito/custom-message-sign-up.json';
import { handler } from '../../functions/triggers/custom-message';

test('a sign-up code e-mail in our words, with the placeholder Cognito fills in', async () => {
  const answer = await handler(structuredClone(signUp) as unknown as CustomMessageTriggerEvent);
  expect(answer.response.emailSubject).toMatch(/verification code/);
  expect(answer.response.emailMessage).toContain('{####}');
  expect(answer.response.emailMessage).not.toMatch(/amazon|aws|cognito/i);
});
