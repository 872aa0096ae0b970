// Preloaded into emulator child processes: the parent holds our stdin open, so when the parent dies
// (even by SIGKILL) stdin ends and the child exits instead of lingering.
process.stdin.on('end', () => process.exit(0));
process.stdin.on('error', () => process.exit(0));
process.stdin.resume();
