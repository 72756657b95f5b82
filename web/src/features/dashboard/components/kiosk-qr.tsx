import { QRCodeSVG } from 'qrcode.react';

/**
 * The kiosk address as a QR code, dark on white in both themes (cameras need the
 * contrast and the quiet zone). Its own module, loaded after the dashboard's first paint.
 */
export default function KioskQr({ value, label, size }: { value: string; label: string; size: number }) {
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
      data-testid="kiosk-qr"
    />
  );
}
