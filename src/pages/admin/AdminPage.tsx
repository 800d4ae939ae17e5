import { ConsoleFrame } from '../../features/operatorConsole/ConsoleFrame';
import { OverviewPanel } from '../../features/operatorConsole/OverviewPanel';

/**
 * `/admin`: the operator console's overview. Rendered in the browser only (it depends on this
 * browser's session), served as the app's shell with a noindex head like /account.
 */
export default function AdminPage() {
  return (
    <ConsoleFrame title="Overview">
      <OverviewPanel />
    </ConsoleFrame>
  );
}
