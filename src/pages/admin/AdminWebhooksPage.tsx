import { ConsoleFrame } from '../../features/operatorConsole/ConsoleFrame';
import { WebhooksPanel } from '../../features/operatorConsole/WebhooksPanel';

/** `/admin/webhooks`: the operator console's webhooks, for a signed-in operator (see AdminPage). */
export default function AdminWebhooksPage() {
  return (
    <ConsoleFrame title="Webhooks">
      <WebhooksPanel />
    </ConsoleFrame>
  );
}
