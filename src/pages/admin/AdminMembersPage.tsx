import { ConsoleFrame } from '../../features/operatorConsole/ConsoleFrame';
import { MembersPanel } from '../../features/operatorConsole/MembersPanel';

/** `/admin/members`: the operator console's members, for a signed-in operator (see AdminPage). */
export default function AdminMembersPage() {
  return (
    <ConsoleFrame title="Members">
      <MembersPanel />
    </ConsoleFrame>
  );
}
