import { ConsoleFrame } from '../../features/operatorConsole/ConsoleFrame';
import { AuditPanel } from '../../features/operatorConsole/AuditPanel';

/** `/admin/audit`: the operator console's audit log, for a signed-in operator (see AdminPage). */
export default function AdminAuditPage() {
  return (
    <ConsoleFrame title="Audit log">
      <AuditPanel />
    </ConsoleFrame>
  );
}
