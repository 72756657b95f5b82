/**
 * Reading a code from the camera's video: the browser's own BarcodeDetector where it has
 * one that reads QR codes (Android, ChromeOS, macOS), else ZXing (@zxing/browser), loaded
 * only then. The scan modal takes both seams as props, so tests hand it a camera and a
 * decoder of their own; nothing here listens to anything but the camera.
 */
export interface Decoder {
  /** The text of a code in the video's current frame, null when it shows none. */
  detect(video: HTMLVideoElement): Promise<string | null>;
}

/** The formats read: our labels' QR codes, and suppliers' common barcodes (a bare lot code). */
const FORMATS = ['qr_code', 'data_matrix', 'code_128', 'code_39', 'ean_13', 'ean_8', 'upc_a', 'itf'];

interface NativeDetector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeDecoder(): Promise<Decoder | null> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const supported = await Native.getSupportedFormats();
    if (!supported.includes('qr_code')) return null;
    const detector = new Native({ formats: FORMATS.filter((f) => supported.includes(f)) });
    return {
      detect: async (video) => (await detector.detect(video))[0]?.rawValue ?? null,
    };
  } catch {
    return null;
  }
}

async function zxingDecoder(): Promise<Decoder> {
  const [{ BrowserMultiFormatReader }, { BarcodeFormat, DecodeHintType }] = await Promise.all([import('@zxing/browser'), import('@zxing/library')]);
  const formats = [
    BarcodeFormat.QR_CODE,
    BarcodeFormat.DATA_MATRIX,
    BarcodeFormat.CODE_128,
    BarcodeFormat.CODE_39,
    BarcodeFormat.EAN_13,
    BarcodeFormat.EAN_8,
    BarcodeFormat.UPC_A,
    BarcodeFormat.ITF,
  ];
  const reader = new BrowserMultiFormatReader(new Map<number, unknown>([[DecodeHintType.POSSIBLE_FORMATS, formats]]));
  const canvas = document.createElement('canvas');
  return {
    detect: async (video) => {
      if (!video.videoWidth) return null;
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      canvas.getContext('2d', { willReadFrequently: true })?.drawImage(video, 0, 0);
      try {
        return reader.decodeFromCanvas(canvas).getText();
      } catch {
        return null; // no code in this frame
      }
    },
  };
}

/** The best decoder this browser has. */
export async function loadDecoder(): Promise<Decoder> {
  return (await nativeDecoder()) ?? zxingDecoder();
}

/** The camera facing away from the user where there is one (a tablet's back camera). */
export function openCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) {
    return Promise.reject(Object.assign(new Error('No camera API (an insecure page?)'), { name: 'NotFoundError' }));
  }
  return navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
}

export type CameraProblem = 'noCamera' | 'denied' | 'failed';

/** What went wrong opening the camera, as the modal words it. */
export function cameraProblem(err: unknown): CameraProblem {
  const name = err instanceof Error || (err && typeof err === 'object' && 'name' in err) ? String((err as { name: unknown }).name) : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'noCamera';
  return 'failed';
}
