import { ConsoleFrame } from '../../features/operatorConsole/ConsoleFrame';
import { WaitlistPanel } from '../../features/operatorConsole/WaitlistPanel';

/** `/admin/waitlist`: the operator console's waitlist, for a signed-in operator (see AdminPage). */
export default function AdminWaitlistPage() {
  return (
    <ConsoleFrame title="Waitlist">
      <WaitlistPanel />
    </ConsoleFrame>
  );
}
