import { parentPort } from 'node:worker_threads';

/*
 * A solver worker that dies on its first job, as HiGHS's thread would on a fault in its WebAssembly: for the tests
 * that a crash of the solver is an error answer and the server keeps serving.
 */
parentPort?.on('message', () => {
  process.exit(70);
});
