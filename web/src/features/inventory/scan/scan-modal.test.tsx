import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setupI18n } from '@/test/render';
import type { Decoder } from './decoder';
import type { LabelRef } from './label-url';
import ScanModal from './scan-modal';

await setupI18n();

/** A camera that opens (a stream with one track to stop) and a decoder reading the given texts in turn, then nothing. */
function fakes(reads: (string | null)[]) {
  const stop = vi.fn();
  const stream = { getTracks: () => [{ stop }] } as unknown as MediaStream;
  const decoder: Decoder = { detect: vi.fn(async () => (reads.length ? reads.shift()! : null)) };
  return { stop, openCamera: async () => stream, loadDecoder: async () => decoder };
}

describe('ScanModal', () => {
  it('hands the batch a label names to onRead, and stops the camera when closed', async () => {
    const f = fakes([null, 'http://127.0.0.1:8080/b/RICE-25/10/LOT%207%2FA/17/270131']);
    const onRead = vi.fn<(ref: LabelRef) => string | null>(() => null);
    const view = renderWithProviders(<ScanModal onClose={() => undefined} onRead={onRead} openCamera={f.openCamera} loadDecoder={f.loadDecoder} />);
    await waitFor(() => expect(onRead).toHaveBeenCalledWith({ sku: 'RICE-25', code: 'LOT 7/A', expires: '2027-01-31' }));
    expect(onRead).toHaveBeenCalledTimes(1);
    view.unmount();
    expect(f.stop).toHaveBeenCalled();
  });

  it('says why a read picked nothing, and goes on scanning', async () => {
    const f = fakes(['not a batch\nlabel', 'NOPE-1', 'RICE-A']);
    const onRead = vi.fn((ref: LabelRef) => (ref.code === 'NOPE-1' ? 'No batch NOPE-1 was found.' : null));
    renderWithProviders(<ScanModal onClose={() => undefined} onRead={onRead} openCamera={f.openCamera} loadDecoder={f.loadDecoder} />);
    await waitFor(() => expect(onRead).toHaveBeenCalledWith({ code: 'RICE-A' }));
    expect(onRead).toHaveBeenCalledWith({ code: 'NOPE-1' });
    expect(screen.getByTestId('scan-message')).toHaveTextContent('No batch NOPE-1 was found.');
  });

  it('says so when the camera is refused, and a typed code still works', async () => {
    const onRead = vi.fn(() => null);
    const onClose = vi.fn();
    const denied = () => Promise.reject(Object.assign(new Error('denied'), { name: 'NotAllowedError' }));
    renderWithProviders(<ScanModal onClose={onClose} onRead={onRead} openCamera={denied} loadDecoder={fakes([]).loadDecoder} />);
    expect(await screen.findByTestId('scan-problem')).toHaveTextContent('Camera not allowed');
    await userEvent.type(screen.getByLabelText('Or type a batch code'), 'RICE-A');
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(onRead).toHaveBeenCalledWith({ code: 'RICE-A' });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('says so when there is no camera', async () => {
    const none = () => Promise.reject(Object.assign(new Error('none'), { name: 'NotFoundError' }));
    renderWithProviders(<ScanModal onClose={() => undefined} onRead={() => null} openCamera={none} loadDecoder={fakes([]).loadDecoder} />);
    expect(await screen.findByTestId('scan-problem')).toHaveTextContent('No camera');
  });
});
