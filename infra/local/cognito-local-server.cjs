// Starts cognito-local (data and config in ./.cognito of the working directory) for the local stack.
// Its e-mails (codes, reset links: the CustomMessage trigger's text with the code filled in) go to the
// parent over IPC, where the outbox writes them, instead of to the console.
// The IPC channel closes when the parent dies, even by SIGKILL: exit rather than linger.
process.on('disconnect', () => process.exit(0));
const pino = require('pino');
const { createDefaultServer } = require('cognito-local/lib/server');
const { ConsoleMessageSender } = require('cognito-local/lib/services/messageDelivery/consoleMessageSender');

ConsoleMessageSender.prototype.sendEmail = async function sendEmail(_ctx, _user, destination, message) {
  const code = message.__code;
  process.send({
    type: 'mail',
    to: destination,
    subject: message.emailSubject || 'Your verification code',
    body: message.emailMessage || `Your verification code is ${code}.`,
  });
};

const logger = pino({ level: process.env.COGNITO_LOG_LEVEL || 'error', base: undefined }, process.stdout);

createDefaultServer(logger)
  .then((server) => server.start())
  .then((server) => process.send({ type: 'ready', port: server.address().port }))
  .catch((error) => {
    console.error('cognito-local could not start:', error);
    process.exit(1);
  });
