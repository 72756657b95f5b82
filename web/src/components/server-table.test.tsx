import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, setupI18n } from '@/test/render';
import { ServerTable } from './server-table';

const rows = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, name: `Row ${i + 1}` }));

/** The table in Persian with 35 rows of 10 a page; page-size changes go to onPageSizeChange. */
async function renderPersian(onPageSizeChange: (n: number) => void = () => {}) {
  await setupI18n('ir');
  renderWithProviders(
    <ServerTable
      records={rows}
      total={35}
      fetching={false}
      columns={[{ accessor: 'name' }]}
      label="rows"
      empty="none"
      perPageLabel="per page"
      rangeKey="recalls.table.range"
      page={1}
      pageSize={10}
      onPageChange={() => {}}
      onPageSizeChange={onPageSizeChange}
      sort={{ columnAccessor: 'name', direction: 'asc' }}
      onSortChange={() => {}}
    />,
  );
}

describe('a server table', () => {
  it('names its pager in the language even where the page does not', async () => {
    await renderPersian();
    expect(screen.getByRole('button', { name: 'صفحهٔ بعد' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next page' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '۲' })).toBeInTheDocument();
  });

  it("offers its page sizes in the language's digits, and changes the size", async () => {
    const sizes: number[] = [];
    const user = userEvent.setup();
    await renderPersian((n) => sizes.push(n));
    expect(screen.queryByRole('button', { name: '10' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '۱۰' }));
    await user.click(await screen.findByRole('menuitem', { name: '۵۰' }));
    expect(sizes).toEqual([50]);
  });
});
