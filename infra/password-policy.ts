import { PASSWORD_POLICY } from '../functions/domain/constants';

/**
 * The product's PASSWORD_POLICY in a Cognito user pool's own terms: the local pool is created with it
 * (infra/local/provision.ts) and the deployed pool's template is checked against it (test/infra).
 */
export const USER_POOL_PASSWORD_POLICY = {
  MinimumLength: PASSWORD_POLICY.minLength,
  RequireLowercase: PASSWORD_POLICY.requireLowercase,
  RequireUppercase: PASSWORD_POLICY.requireUppercase,
  RequireNumbers: PASSWORD_POLICY.requireDigits,
  RequireSymbols: PASSWORD_POLICY.requireSymbols,
};
