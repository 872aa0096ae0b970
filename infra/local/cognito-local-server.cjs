// Starts cognito-local (data and config in ./.cognito of the working directory) for the local stack.
// Its e-mails (codes, reset links: the CustomMessage trigger's text with the code filled in) go to the
// parent over IPC, where the outbox writes them, instead of to the console. It answers only requests with
// the run's token, and sends it with its calls to the trigger endpoint (local-token.cjs); the token and its
// header come as JSON in the COGNITO_LOCAL_ACCESS environment variable: { token, tokenHeader }.
// The IPC channel closes when the parent dies, even by SIGKILL: exit rather than linger.
process.on('disconnect', () => process.exit(0));
// The AWS SDK (v2) as cognito-local itself loads it, whose global events reach its clients.
const AWS = require(require.resolve('aws-sdk', { paths: [require.resolve('cognito-local/package.json')] }));
const pino = require('pino');
const { createDefaultServer } = require('cognito-local/lib/server');
const { ConsoleMessageSender } = require('cognito-local/lib/services/messageDelivery/consoleMessageSender');
const { gateServer } = require('./local-token.cjs');

const access = JSON.parse(process.env.COGNITO_LOCAL_ACCESS || '{}');
// Its Lambda client calls the app's trigger endpoint, which asks for the token too.
AWS.events.on('afterBuild', (request) => {
  if (request.service.serviceIdentifier === 'lambda') request.httpRequest.headers[access.tokenHeader] = access.token;
});

ConsoleMessageSender.prototype.sendEmail = async function sendEmail(_ctx, _user, destination, message) {
  const code = message.__code;
  process.send({
    type: 'mail',
    to: destination,
    subject: message.emailSubject || 'Your verification code',
    body: message.emailMessage || `Your verification code is ${code}.`,
  });
};

// cognito-local has no ResendConfirmationCode: added here as Cognito does it (a new code for an
// unconfirmed user, sent through the CustomMessage trigger as CustomMessage_ResendCode).
const { Targets } = require('cognito-local/lib/targets/targets');
const { InvalidParameterError, UserNotFoundError } = require('cognito-local/lib/errors');
Targets.ResendConfirmationCode = ({ cognito, clock, messages, otp }) => async (ctx, req) => {
  const userPool = await cognito.getUserPoolForClientId(ctx, req.ClientId);
  const user = await userPool.getUserByUsername(ctx, req.Username);
  if (!user) throw new UserNotFoundError();
  if (user.UserStatus !== 'UNCONFIRMED') throw new InvalidParameterError('User is already confirmed.');
  const email = (user.Attributes.find((attribute) => attribute.Name === 'email') || {}).Value;
  const deliveryDetails = { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email };
  const code = otp();
  await messages.deliver(ctx, 'ResendCode', req.ClientId, userPool.options.Id, user, code, req.ClientMetadata, deliveryDetails);
  await userPool.saveUser(ctx, { ...user, UserLastModifiedDate: clock.get(), ConfirmationCode: code });
  return { CodeDeliveryDetails: deliveryDetails };
};

const logger = pino({ level: process.env.COGNITO_LOG_LEVEL || 'error', base: undefined }, process.stdout);

createDefaultServer(logger)
  .then((server) => server.start())
  .then((server) => {
    // Gated before any request is read: the listen callback that resolved start() and this step run before
    // the next turn of the event loop, where connections are accepted.
    gateServer(server, access);
    process.send({ type: 'ready', port: server.address().port });
  })
  .catch((error) => {
    console.error('cognito-local could not start:', error);
    process.exit(1);
  });
