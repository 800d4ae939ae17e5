import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PrimaryButton } from '../../components/Button';
import { routePaths } from '../../shared/routePaths';
import { SCREEN_HEADING } from '../../shared/useFocusScreenHeading';
import { Box, Fields, memberPageLink, Moment, NamedTable, PanelHeading, QueryState } from './consoleParts';
import { formatCounted } from './consoleFormat';
import { useListMembersQuery } from './consoleSectionsApi';
import { MemberPage } from './MemberPage';
import { visible } from '../../domain/visibleText';

function MemberList() {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const query = useListMembersQuery(search, { refetchOnMountOrArgChange: true });
  const members = query.data ?? [];
  const id = useId();
  return (
    <>
      <PanelHeading>Members</PanelHeading>
      <Box aria-labelledby={`${id}-list`}>
        <h2 id={`${id}-list`}>Find a member</h2>
        <form
          role="search"
          aria-label="Members"
          onSubmit={(event) => {
            event.preventDefault();
            setSearch(typed.trim());
          }}
        >
          <Fields>
            <label htmlFor={`${id}-search`}>
              Name or member id
              <input
                id={`${id}-search`}
                type="search"
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
              />
            </label>
            <PrimaryButton type="submit">Search</PrimaryButton>
          </Fields>
        </form>
        <QueryState what="members" query={query}>
          <p role="status">
            {members.length === 0
              ? search
                ? `No member matches “${search}”.`
                : 'No members yet.'
              : `${formatCounted(members.length, 'member')}${search ? ` matching “${search}”` : ''}.`}
          </p>
          {members.length > 0 && (
            <NamedTable name="Members">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Status</th>
                  <th scope="col">Registered</th>
                  <th scope="col">Joined with</th>
                </tr>
              </thead>
              <tbody>
                {members.map((member) => (
                  <tr key={member.id}>
                    <th scope="row">
                      <Link to={memberPageLink(member.id)}>
                        {visible(`${member.first_name} ${member.last_name}`)}
                      </Link>
                    </th>
                    <td>{member.status}</td>
                    <td>
                      <Moment at={member.registered_at} />
                    </td>
                    <td>
                      <code>{member.invite_code}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </NamedTable>
          )}
        </QueryState>
      </Box>
    </>
  );
}

/** What is left of a member page once the member is erased: the effect, and the way back. */
function Erased({ effect }: { effect: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <>
      <h1 ref={heading} tabIndex={-1} {...SCREEN_HEADING}>
        Member erased
      </h1>
      <p role="status">Done: {visible(effect)}.</p>
      <p>
        <Link to={routePaths.adminMembers}>Back to the members</Link>
      </p>
    </>
  );
}

/** Section 5: members — search by name or id; `?id=` shows one member's page. */
export function MembersPanel() {
  const [params] = useSearchParams();
  const memberId = params.get('id');
  const [erased, setErased] = useState<{ id: string; effect: string } | null>(null);
  if (!memberId) return <MemberList />;
  if (erased?.id === memberId) return <Erased effect={erased.effect} />;
  return <MemberPage id={memberId} onErased={(effect) => setErased({ id: memberId, effect })} />;
}
