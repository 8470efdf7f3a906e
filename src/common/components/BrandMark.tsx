import { DatabaseFilled } from '@ant-design/icons';
import { BRAND_COLOR } from './AppThemeProvider';

/** The app's mark: a database glyph on a rounded gradient tile. */
export const BrandMark = ({ size = 32 }: { size?: number }) => (
  <span
    aria-hidden
    style={{
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      flex: 'none',
      width: size,
      height: size,
      borderRadius: size / 4,
      background: `linear-gradient(135deg, #4096ff 0%, ${BRAND_COLOR} 55%, #0958d9 100%)`,
      color: '#fff',
      fontSize: size * 0.55,
      boxShadow: '0 4px 12px rgba(22, 104, 220, 0.35)',
    }}
  >
    <DatabaseFilled />
  </span>
);
