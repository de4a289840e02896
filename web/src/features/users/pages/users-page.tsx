import { DataTable } from '../../../components/data-table';
import { Pager, usePageParam } from '../../../components/pager';
import { QueryStatus } from '../../../components/query-status';
import { useAuth } from '../../../lib/auth/use-auth';
import { confirmThenRun } from '../../../lib/dialog';
import { PAGE_SIZE } from '../../../lib/paging';
import { useDeleteUser } from '../api/delete-user';
import { useUsers, type ShopUser } from '../api/get-users';
import { useMakeAdmin } from '../api/make-admin';
import { roleLabel } from '../role-label';

export function UsersPage() {
  const { user: currentUser } = useAuth();
  const page = usePageParam();
  const { data, status } = useUsers(page);
  const users = data?.items ?? [];
  const deleteUser = useDeleteUser();
  const makeAdmin = useMakeAdmin();
  const busy = deleteUser.isPending || makeAdmin.isPending;

  function handleDelete(user: ShopUser) {
    return confirmThenRun({
      confirm: { title: 'Are you sure?', text: "You won't be able to revert this!", confirmButtonText: 'Yes, delete it!' },
      run: () => deleteUser.mutateAsync(user._id),
      success: { title: 'Deleted', text: `${user.name} has been deleted.` },
    });
  }

  function handleMakeAdmin(user: ShopUser) {
    return confirmThenRun({
      confirm: { icon: 'question', title: `Make ${user.name} an admin?`, text: 'An admin can manage products, orders, coupons and users.', confirmButtonText: 'Yes, make admin' },
      run: () => makeAdmin.mutateAsync(user._id),
      success: { title: `${user.name} is an Admin Now!` },
    });
  }

  return (
    <section className="dashboard-page" aria-labelledby="users-title">
      <h1 id="users-title" className="page__title">
        All Users
      </h1>
      <QueryStatus status={status} loading="Loading users..." failed="Failed to load users" />
      {status === 'success' && (
        <>
          <p className="page__lead" data-testid="users-total">
            Total Users: {data.total}
          </p>
          {users.length === 0 && page === 1 ? (
            <p className="notice">No users yet.</p>
          ) : (
            <DataTable
              labelledBy="users-title"
              caption="Users of the shop, newest first"
              columns={['#', 'Name', 'Email', 'Role', 'Actions']}
            >
              {users.map((user, index) => {
                const nameId = `user-${user._id}-name`;
                return (
                  <tr key={user._id} data-testid="user-row">
                    <td>{(page - 1) * PAGE_SIZE + index + 1}</td>
                    <th scope="row" id={nameId} className="data-table__nowrap">
                      {user.name}
                      {user._id === currentUser?._id && <span className="data-table__tag"> (you)</span>}
                    </th>
                    <td className="data-table__nowrap">{user.email}</td>
                    <td>{roleLabel(user.role)}</td>
                    <td>
                      <div className="data-table__actions">
                        {user.role !== 'admin' && (
                          <button
                            type="button"
                            className="button button--secondary button--small"
                            aria-describedby={nameId}
                            disabled={busy}
                            onClick={() => void handleMakeAdmin(user)}
                          >
                            Make Admin
                          </button>
                        )}
                        <button
                          type="button"
                          className="button button--danger button--small"
                          aria-describedby={nameId}
                          disabled={busy}
                          onClick={() => void handleDelete(user)}
                        >
                          Delete
                        </button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </DataTable>
          )}
          <Pager page={page} total={data.total} shown={users.length} />
        </>
      )}
    </section>
  );
}
