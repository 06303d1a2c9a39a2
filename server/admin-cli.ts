/** `npm run admin -- …`: see server/admin.ts. */
import { main } from './admin';

process.exitCode = main();
