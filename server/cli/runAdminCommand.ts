import { connectAdmin, type AdminClient } from '../admin/adminClient';
import { failureText, printError } from './operatorOutput';

/** Runs a command against the admin API, prints a clear message on failure and sets the exit code. */
export async function runAdminCommand(run: (admin: AdminClient) => Promise<void>): Promise<void> {
  let admin: AdminClient | undefined;
  try {
    admin = await connectAdmin();
    await run(admin);
  } catch (error) {
    printError(failureText(error));
    process.exitCode = 1;
  } finally {
    await admin?.close();
  }
}
