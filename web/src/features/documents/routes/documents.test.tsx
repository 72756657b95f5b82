import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { resetSessionForTests } from '@/lib/auth/session';
import { TOKEN_KEY } from '@/lib/auth/token-storage';
import { server, VALID_TOKEN } from '@/test/msw';
import { renderApp, setupI18n, desktopMediaQueries } from '@/test/render';
import type { DocumentRecord } from '../api/types';

const doc = (id: number, name: string, over: Partial<DocumentRecord> = {}): DocumentRecord => ({
  id,
  name,
  size: 2048 * id,
  content_type: 'application/pdf',
  sha256: 'ab'.repeat(32),
  type: 'certificate_of_analysis',
  link_kind: 'batch',
  link_id: 7,
  uploaded_by: 1,
  uploaded_by_name: 'Dana Okafor',
  uploaded_at: '2025-08-14T15:00:00Z',
  ...over,
});

function docsApi(calls: string[]) {
  let live = [
    doc(1, 'COA rice.pdf'),
    doc(2, 'BOL 17.csv', { content_type: 'text/csv; charset=utf-8', type: 'bill_of_lading', link_kind: null, link_id: null }),
    doc(3, 'Brief.pdf', { type: 'other', link_kind: 'project', link_id: 4, link_label: 'Winter meals' }),
  ];
  let trashed: DocumentRecord[] = [];
  server.use(
    http.get('/api/settings', () => HttpResponse.json({ organisation_name: 'Packline', support_email: 's@p.org', time_zone: 'America/Chicago', max_shift_hours: 12, max_upload_mib: 50 })),
    http.get('/api/documents', ({ request }) => {
      calls.push(`GET ${request.url}`);
      const q = new URL(request.url).searchParams.get('search')?.toLowerCase() ?? '';
      const docs = live.filter((d) => d.name.toLowerCase().includes(q));
      return HttpResponse.json({ documents: docs, total: docs.length });
    }),
    http.get('/api/documents/trash', () => HttpResponse.json({ documents: trashed, total: trashed.length })),
    http.delete('/api/documents/:id', ({ params }) => {
      calls.push(`DELETE ${params.id}`);
      const d = live.find((x) => x.id === Number(params.id))!;
      live = live.filter((x) => x !== d);
      trashed = [{ ...d, deleted_at: '2025-08-15T15:00:00Z', deleted_by_name: 'Dana Okafor', purge_at: '2025-09-14T15:00:00Z' }];
      return HttpResponse.json({ message: 'File deleted' });
    }),
    http.post('/api/documents/:id/restore', ({ params }) => {
      calls.push(`RESTORE ${params.id}`);
      const d = trashed.find((x) => x.id === Number(params.id))!;
      trashed = [];
      live = [...live, d];
      return HttpResponse.json(d);
    }),
    http.post('/api/documents', () =>
      HttpResponse.json({ error: 'File type is incorrect', code: 'file.type_incorrect', params: { name: 'invoice.pdf' }, field: 'file' }, { status: 400 }),
    ),
  );
}

describe('documents page (/docs)', () => {
  desktopMediaQueries();
  beforeAll(() => setupI18n('gb'));
  beforeEach(() => {
    resetSessionForTests();
    localStorage.setItem(TOKEN_KEY, VALID_TOKEN);
    // A wide desktop screen: the table shows its columns (jsdom matches no media query).
  });

  it('lists documents from the server and searches there', async () => {
    const calls: string[] = [];
    docsApi(calls);
    renderApp('/docs');
    const table = await screen.findByRole('table', { name: 'Documents' }, { timeout: 15_000 });
    expect(await within(table).findByText('COA rice.pdf')).toBeInTheDocument();
    expect(within(table).getByText('Batch #7')).toBeInTheDocument();
    // A project link is named in the list and leads to the project.
    const project = within(table).getByRole('link', { name: 'Project: Winter meals' });
    expect(project).toHaveAttribute('href', '/projects/4');
    expect(within(table).getByText('Certificate of analysis')).toBeInTheDocument();
    expect(calls.at(-1)).toContain('sort=uploaded_at&order=desc&page=1&page_size=25');

    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'bol');
    await waitFor(() => expect(calls.at(-1)).toContain('search=bol'));
    await waitFor(() => expect(within(table).queryByText('COA rice.pdf')).not.toBeInTheDocument());
    expect(within(table).getByText('BOL 17.csv')).toBeInTheDocument();
    // Only PDFs and images offer a preview.
    expect(within(table).queryByRole('button', { name: 'Preview BOL 17.csv' })).not.toBeInTheDocument();
  });

  it('asks before deleting, says File deleted, and an admin restores from the trash', async () => {
    const calls: string[] = [];
    docsApi(calls);
    renderApp('/docs');
    const table = await screen.findByRole('table', { name: 'Documents' }, { timeout: 15_000 });
    await userEvent.click(await within(table).findByRole('button', { name: 'Delete COA rice.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this file?' });
    expect(dialog).toHaveTextContent('COA rice.pdf goes to the trash');
    expect(calls).not.toContain('DELETE 1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('File deleted')).toBeInTheDocument();
    expect(calls).toContain('DELETE 1');
    await waitFor(() => expect(within(table).queryByText('COA rice.pdf')).not.toBeInTheDocument());

    await userEvent.click(screen.getByText('Trash'));
    const trash = await screen.findByRole('table', { name: 'Deleted documents' });
    await userEvent.click(await within(trash).findByRole('button', { name: 'Restore COA rice.pdf' }));
    expect(await screen.findByText('COA rice.pdf restored.')).toBeInTheDocument();
    expect(calls).toContain('RESTORE 1');
  });

  it('shows a refused upload with the translated reason, per file', async () => {
    docsApi([]);
    const { container } = renderApp('/docs');
    await screen.findByRole('table', { name: 'Documents' }, { timeout: 15_000 });
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File(['MZ not a pdf'], 'invoice.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [file] } });
    const item = await screen.findByRole('listitem', { name: 'invoice.pdf' });
    expect(await within(item).findByRole('alert')).toHaveTextContent('File type is incorrect');
    expect(within(item).getByRole('progressbar', { name: 'Upload progress of invoice.pdf' })).toBeInTheDocument();
  });

  it('refuses a file over the limit before sending it', async () => {
    const calls: string[] = [];
    docsApi(calls);
    server.use(http.get('/api/settings', () => HttpResponse.json({ max_upload_mib: 1 })));
    const { container } = renderApp('/docs');
    await screen.findByText('Up to 1 MB per file', undefined, { timeout: 15_000 });
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    const big = new File([new Uint8Array(1024 * 1024 + 1)], 'scan.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [big] } });
    const item = await screen.findByRole('listitem', { name: 'scan.pdf' });
    expect(await within(item).findByRole('alert')).toHaveTextContent('The file is larger than the upload limit of 1 MiB.');
  });
});
