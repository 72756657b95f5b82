import { QRCodeSVG } from 'qrcode.react';

/**
 * A QR code, dark on white in both themes (cameras need the contrast and the quiet zone),
 * named for screen readers. Its own module: load it lazily, after the page's first paint
 * (`lazy(() => import('@/components/qr-code'))`).
 */
export default function QrCode({ value, label, size, testId }: { value: string; label: string; size: number; testId?: string }) {
  return (
    <QRCodeSVG
      value={value}
      size={size}
      marginSize={2}
      level="M"
      bgColor="#ffffff"
      fgColor="#000000"
      title={label}
      role="img"
      aria-label={label}
      data-testid={testId}
    />
  );
}
