// The local DynamoDB (dynalite) in its own process, so that no database fault can end the app: the
// parent restarts it on the same port if it dies. Settings come as JSON in the DYNALITE environment
// variable: { path, port, token, tokenHeader }: it answers only requests with the run's token (local-token.cjs).
// The IPC channel closes when the parent dies, even by SIGKILL: exit rather than linger.
process.on('disconnect', () => process.exit(0));
const dynalite = require('dynalite');
const { gateServer } = require('./local-token.cjs');

const settings = JSON.parse(process.env.DYNALITE || '{}');
const server = dynalite({ path: settings.path, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
gateServer(server, settings);
server.on('error', (error) => {
  console.error('dynalite could not start:', error);
  process.exit(1);
});
server.listen(settings.port || 0, '127.0.0.1', () => process.send({ type: 'ready', port: server.address().port }));
