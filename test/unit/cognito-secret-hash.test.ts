/**
 * Cognito's SECRET_HASH (functions/services/accounts/identity.ts): Base64(HMAC-SHA256(client secret, username + client id)).
 * The expected value was computed apart from this code (Python's hmac module), so the test fails if the
 * message order, the key or the encoding is wrong.
 */
import { cognitoSecretHash } from '../../functions/services/accounts/identity';

it('matches the value computed independently for a known secret, client id and username', () => {
  expect(cognitoSecretHash('abc123secretvalue', '1example23456789', 'ann@example.com')).toBe('0OztCXXkifP8TKu8ri83/krbtvHQQPNvw7X2xVQAOrs=');
});

it('depends on the username, so one call’s hash opens no other account', () => {
  expect(cognitoSecretHash('abc123secretvalue', '1example23456789', 'bob@example.com')).not.toBe(cognitoSecretHash('abc123secretvalue', '1example23456789', 'ann@example.com'));
});
