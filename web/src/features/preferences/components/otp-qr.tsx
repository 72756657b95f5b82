import { QRCodeSVG } from 'qrcode.react';

/**
 * The otpauth:// URL as a QR code for an authenticator app, dark on white in both themes
 * (cameras need the contrast and the quiet zone). Its own module, loaded when set-up starts.
 */
export default function OtpQr({ value, label }: { value: string; label: string }) {
  return (
    <QRCodeSVG
      value={value}
      size={180}
      marginSize={2}
      level="M"
      bgColor="#ffffff"
      fgColor="#000000"
      title={label}
      role="img"
      aria-label={label}
      data-testid="totp-qr"
    />
  );
}
