/** Process entry: runs the server (start.ts) and exits on a failure to start. */
import { startServer } from './start';

startServer().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
