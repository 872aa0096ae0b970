/**
 * Cognito CustomMessage trigger: our wording for the sign-up code e-mail, and for password resets a
 * one-time link `/reset-password/<tokenId>.<code>` instead of a bare code (docs/architecture.md#sessions-and-identity).
 * Cognito (and cognito-local) replace `{####}` with the code when sending.
 */
import { randomBytes } from 'node:crypto';
import type { Context, CustomMessageTriggerEvent } from 'aws-lambda';
import { createResetToken } from '../data/reset-tokens';
import { BRAND } from '../domain/brand';
import { RESET_TOKEN_TTL_SECONDS, VERIFICATION_CODE_LENGTH } from '../domain/constants';
import { resetLink } from '../domain/reset-token';
import { runAsFunction } from '../platform/call-scope';
import { getConfig } from '../platform/config';
import { hashedUser, runLogged } from '../platform/logger';

async function resetMessage(event: CustomMessageTriggerEvent): Promise<{ emailSubject: string; emailMessage: string }> {
  const tokenId = randomBytes(18).toString('base64url');
  const { sub, email } = event.request.userAttributes;
  await createResetToken({ tokenId, userId: sub ?? event.userName, email: email ?? event.userName, expiresAt: Math.floor(Date.now() / 1000) + RESET_TOKEN_TTL_SECONDS });
  const link = resetLink(getConfig().publicOrigin, tokenId, event.request.codeParameter);
  if (event.request.clientMetadata?.purpose === 'signup-attempt') {
    return {
      emailSubject: `Someone tried to sign up to ${BRAND.name} with your address`,
      emailMessage: `Someone tried to sign up to ${BRAND.name} with this e-mail address, which already has an account. If it was you, just log in; if you forgot your password, choose a new one with this link within an hour: ${link} If it was not you, ignore this e-mail: nothing has changed.`,
    };
  }
  return {
    emailSubject: `Reset your ${BRAND.name} password`,
    emailMessage: `Someone asked to reset the password of your ${BRAND.name} account. To choose a new password, open this link within an hour: ${link} If it was not you, ignore this e-mail: your password stays as it is.`,
  };
}

function codeMessage(event: CustomMessageTriggerEvent): { emailSubject: string; emailMessage: string } {
  return {
    emailSubject: `Your ${BRAND.name} verification code`,
    emailMessage: `Welcome to ${BRAND.name}! Your ${VERIFICATION_CODE_LENGTH}-digit verification code is ${event.request.codeParameter}. Enter it on the verification page to finish signing up.`,
  };
}

export const handler = (event: CustomMessageTriggerEvent, context?: Context): Promise<CustomMessageTriggerEvent> => {
  const keys = { correlationId: context?.awsRequestId, trigger: event.triggerSource, user: hashedUser(event.request.userAttributes.sub ?? event.userName) };
  return runAsFunction('custom-message', () => runLogged(context, keys, () => message(event)));
};

async function message(event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> {
  switch (event.triggerSource) {
    case 'CustomMessage_SignUp':
    case 'CustomMessage_ResendCode':
      Object.assign(event.response, codeMessage(event));
      break;
    case 'CustomMessage_ForgotPassword':
      Object.assign(event.response, await resetMessage(event));
      break;
    default:
      // Other messages keep Cognito's defaults.
      break;
  }
  return event;
}
