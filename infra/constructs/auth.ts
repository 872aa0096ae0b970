/**
 * Identity (docs/architecture.md#sessions-and-identity): a Cognito user pool with e-mail sign-in and 6-digit e-mail codes, and one
 * app client without a secret that only our backend uses (the browser never holds Cognito tokens).
 * Google sign-in (hosted UI, authorization code) exists only when it is configured.
 */
import { CfnOutput, Duration, RemovalPolicy, SecretValue, Stack, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import {
  AccountRecovery,
  FeaturePlan,
  OAuthScope,
  ProviderAttribute,
  UserPool,
  UserPoolClient,
  UserPoolClientIdentityProvider,
  UserPoolIdentityProviderGoogle,
  UserPoolOperation,
  UserPoolEmail,
  VerificationEmailStyle,
} from 'aws-cdk-lib/aws-cognito';
import { AwsCustomResource } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { BRAND } from '../../functions/domain/brand';
import { PASSWORD_POLICY } from '../../functions/domain/constants';
import { GOOGLE_CALLBACK_PATH } from '../../functions/domain/google-sign-in';
import { AppFunction } from './app-function';

/** Where the Google flow returns to, on the app's own origin (served by the API through CloudFront). */
export { GOOGLE_CALLBACK_PATH };

export interface GoogleSignIn {
  clientId: string;
  /** Secrets Manager secret whose value is the Google client secret, as plain text. */
  clientSecretArn: string;
  /** Hosted UI domain prefix; unique per region. */
  domainPrefix: string;
}

export interface AuthProps {
  removalPolicy: RemovalPolicy;
  publicOrigin: string;
  google?: GoogleSignIn;
  /** The CustomMessage trigger stores one-time reset tokens here. */
  table: ITable;
  /** The trigger's environment (functions/platform/config.ts): it needs the table and the public origin only. */
  triggerEnvironment: Record<string, string>;
  /**
   * Mail through SES from this address; without it, Cognito's own sender (50 mails a day). `verifiedDomain`:
   * the identity verified in SES is the address's domain, not the address (the pool names the identity).
   */
  ses?: { fromEmail: string; region?: string | undefined; verifiedDomain?: string | undefined };
}

export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;
  /**
   * The app client's secret, read at deploy by aws-cdk-lib's custom resource (DescribeUserPoolClient on this
   * pool only, its response kept out of its logs) and resolved into the functions' settings: no call per cold start.
   */
  readonly clientSecret: SecretValue;
  /** The hosted UI base URL (https://<prefix>.auth.<region>.amazoncognito.com) when Google sign-in is configured. */
  readonly hostedUiUrl: string | undefined;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);

    this.userPool = new UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      email: props.ses
        ? UserPoolEmail.withSES({
            fromEmail: props.ses.fromEmail,
            fromName: BRAND.name,
            sesRegion: props.ses.region ?? Stack.of(this).region,
            ...(props.ses.verifiedDomain ? { sesVerifiedDomain: props.ses.verifiedDomain } : {}),
          })
        : UserPoolEmail.withCognito(),
      // Cognito's e-mail codes are 6 digits, the length the verify screen takes (docs/product.md#constants-and-limits).
      userVerification: {
        emailStyle: VerificationEmailStyle.CODE,
        emailSubject: 'Your verification code',
        emailBody: 'Your verification code is {####}',
      },
      // Mutable so a Google sign-in may refresh it; the app itself never changes an e-mail (docs/product.md#roles).
      standardAttributes: { email: { required: true, mutable: true }, fullname: { required: false, mutable: true } },
      passwordPolicy: { ...PASSWORD_POLICY },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      // Lite: sign-up, sign-in and federation are all this app uses; other plans cost more per user.
      featurePlan: FeaturePlan.LITE,
      deletionProtection: props.removalPolicy === RemovalPolicy.RETAIN,
      removalPolicy: props.removalPolicy,
    });
    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG1',
        reason:
          'The policy is the product-wide PASSWORD_POLICY constant (length 8 with mixed case and digits), which our own checks enforce too; symbols are not required, in line with NIST SP 800-63B.',
      },
      { id: 'AwsSolutions-COG2', reason: 'The product has no multi-factor sign-in; e-mail ownership is proven by a 6-digit code.' },
      {
        id: 'AwsSolutions-COG8',
        reason:
          'Threat protection needs the Plus feature plan, billed per monthly active user even when idle of attacks; sign-in abuse is bounded by Cognito quotas and our own generic error answers.',
      },
    );

    this.addCustomMessageTrigger(props);
    const google = props.google && this.addGoogle(props.google);
    this.hostedUiUrl = google?.hostedUiUrl;

    this.client = this.userPool.addClient('BackendClient', {
      // A secret, so that nobody can call SignUp, InitiateAuth or ForgotPassword with the client id (it is
      // public: it appears in the hosted UI's addresses) and skip the app's checks; the backend gets it at deploy
      // (USER_POOL_CLIENT_SECRET) and sends each call's SECRET_HASH. PKCE still guards the Google code exchange.
      generateSecret: true,
      authFlows: { userPassword: true, adminUserPassword: true },
      preventUserExistenceErrors: true,
      ...(google
        ? {
            supportedIdentityProviders: [UserPoolClientIdentityProvider.COGNITO, UserPoolClientIdentityProvider.GOOGLE],
            oAuth: {
              flows: { authorizationCodeGrant: true },
              scopes: [OAuthScope.OPENID, OAuthScope.EMAIL, OAuthScope.PROFILE],
              callbackUrls: [`${props.publicOrigin}${GOOGLE_CALLBACK_PATH}`],
              logoutUrls: [`${props.publicOrigin}/login`],
            },
          }
        : { supportedIdentityProviders: [UserPoolClientIdentityProvider.COGNITO], disableOAuth: true }),
    });
    if (google) this.client.node.addDependency(google.provider);
    this.clientSecret = this.client.userPoolClientSecret;
    const provider = Stack.of(this).node.findChild(`AWS${AwsCustomResource.PROVIDER_FUNCTION_UUID.replace(/-/g, '')}`);
    Validations.of(provider).acknowledge(
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: "aws-cdk-lib attaches the basic execution role (its own logs) to its custom resource's Lambda, which reads the app client's secret at deploy only.",
      },
      { id: 'AwsSolutions-L1', reason: "aws-cdk-lib pins the runtime of its custom resource's Lambda (deploy time only)." },
    );
  }

  /** Our e-mail wording, and a one-time `/reset-password/<token>` link instead of a bare reset code (docs/architecture.md#sessions-and-identity). */
  private addCustomMessageTrigger(props: AuthProps): void {
    const { fn } = new AppFunction(this, 'CustomMessageFunction', {
      entry: 'functions/triggers/custom-message.ts',
      description: `Cognito CustomMessage trigger (${Stack.of(this).stackName})`,
      environment: props.triggerEnvironment,
      timeout: Duration.seconds(5),
      memorySize: 256,
    });
    fn.addToRolePolicy(new PolicyStatement({ actions: ['dynamodb:PutItem'], resources: [props.table.tableArn] }));
    this.userPool.addTrigger(UserPoolOperation.CUSTOM_MESSAGE, fn);
  }

  private addGoogle(google: GoogleSignIn): { provider: UserPoolIdentityProviderGoogle; hostedUiUrl: string } {
    const provider = new UserPoolIdentityProviderGoogle(this, 'Google', {
      userPool: this.userPool,
      clientId: google.clientId,
      clientSecretValue: SecretValue.secretsManager(google.clientSecretArn),
      scopes: ['openid', 'email', 'profile'],
      attributeMapping: {
        email: ProviderAttribute.GOOGLE_EMAIL,
        emailVerified: ProviderAttribute.GOOGLE_EMAIL_VERIFIED,
        fullname: ProviderAttribute.GOOGLE_NAME,
      },
    });
    const domain = this.userPool.addDomain('HostedUi', { cognitoDomain: { domainPrefix: google.domainPrefix } });
    new CfnOutput(Stack.of(this), 'AuthDomainUrl', {
      description: 'Cognito hosted UI base URL for Google sign-in; add <url>/oauth2/idpresponse to the Google client redirect URIs.',
      value: domain.baseUrl(),
    });
    return { provider, hostedUiUrl: domain.baseUrl() };
  }
}
