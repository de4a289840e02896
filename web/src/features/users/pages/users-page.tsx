import { DataTable } from '../../../components/data-table';
import { Pager, usePageParam } from '../../../components/pager';
import { QueryStatus } from '../../../components/query-status';
import { useAuth } from '../../../lib/auth/use-auth';
import { confirmThenRun } from '../../../lib/dialog';
import { PAGE_SIZE } from '../../../lib/paging';
import { useDeleteUser } from '../api/delete-user';
import { useUsers, type ShopUser } from '../api/get-users';
import { useMakeAdmin } from '../api/make-admin';
import { formatNumber } from '../../../../../src/shared/locale-format';
import { useLanguage, useT } from '../../../lib/i18n/i18n';
import { usersMessages } from '../messages/users';

export function UsersPage() {
  const { user: currentUser } = useAuth();
  const page = usePageParam();
  const { data, status } = useUsers(page);
  const users = data?.items ?? [];
  const deleteUser = useDeleteUser();
  const makeAdmin = useMakeAdmin();
  const busy = deleteUser.isPending || makeAdmin.isPending;
  const t = useT(usersMessages);
  const lang = useLanguage();

  function handleDelete(user: ShopUser) {
    return confirmThenRun({
      confirm: { title: t('users.delete.title'), text: t('users.delete.text'), confirmButtonText: t('users.delete.confirm') },
      run: () => deleteUser.mutateAsync(user._id),
      success: { title: t('users.delete.doneTitle'), text: t('users.delete.doneText', { name: user.name }) },
    });
  }

  function handleMakeAdmin(user: ShopUser) {
    return confirmThenRun({
      confirm: {
        icon: 'question',
        title: t('users.makeAdmin.title', { name: user.name }),
        text: t('users.makeAdmin.text'),
        confirmButtonText: t('users.makeAdmin.confirm'),
      },
      run: () => makeAdmin.mutateAsync(user._id),
      success: { title: t('users.makeAdmin.doneTitle', { name: user.name }) },
    });
  }

  return (
    <section className="dashboard-page" aria-labelledby="users-title">
      <h1 id="users-title" className="page__title">
        {t('users.title')}
      </h1>
      <QueryStatus status={status} loading={t('users.loading')} failed={t('users.failed')} />
      {status === 'success' && (
        <>
          <p className="page__lead" data-testid="users-total">
            {t('users.total', { count: formatNumber(data.total, lang) })}
          </p>
          {users.length === 0 && page === 1 ? (
            <p className="notice">{t('users.empty')}</p>
          ) : (
            <DataTable
              labelledBy="users-title"
              caption={t('users.caption')}
              columns={[t('users.col.number'), t('users.col.name'), t('users.col.email'), t('users.col.role'), t('users.col.actions')]}
            >
              {users.map((user, index) => {
                const nameId = `user-${user._id}-name`;
                return (
                  <tr key={user._id} data-testid="user-row">
                    <td>{formatNumber((page - 1) * PAGE_SIZE + index + 1, lang)}</td>
                    <th scope="row" id={nameId} className="data-table__nowrap">
                      {user.name}
                      {user._id === currentUser?._id && <span className="data-table__tag">{t('users.you')}</span>}
                    </th>
                    <td className="data-table__nowrap">{user.email}</td>
                    <td>{user.role === 'admin' ? t('users.role.admin') : t('users.role.customer')}</td>
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
                            {t('users.makeAdmin')}
                          </button>
                        )}
                        <button
                          type="button"
                          className="button button--danger button--small"
                          aria-describedby={nameId}
                          disabled={busy}
                          onClick={() => void handleDelete(user)}
                        >
                          {t('users.delete')}
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
