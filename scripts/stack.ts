/** `npm run supabase:start|status|reset`: the local stack's command line with this project's options. */
import { runCli } from '../supabase/local/cli';
import { APP_STACK_OPTIONS } from './local-stack';

await runCli(process.argv.slice(2), APP_STACK_OPTIONS);
