/** `npm run admin -- …`: see server/admin.ts. */
import { main } from './admin';

process.exitCode = await main();
