import { lazy, Suspense, useState } from 'react';
import { LanguageButton } from './LanguageButton.tsx';

// The menu (Mantine's Menu and the floating-ui under it, some 14 KB gzipped) is not part of the
// first page: it loads when the pointer or focus comes to the button, and opens on the click.
const loadLanguageMenu = async () => ({ default: (await import('./LanguageMenu.tsx')).LanguageMenu });
const LanguageMenu = lazy(loadLanguageMenu);

/** The language selector of the header and the mobile menu. */
export function LanguageSelector({ fullWidth = false }: { fullWidth?: boolean }) {
  const [isMenuWanted, setIsMenuWanted] = useState(false);
  const button = (
    <LanguageButton
      fullWidth={fullWidth}
      aria-expanded={false}
      onPointerEnter={() => void loadLanguageMenu()}
      onFocus={() => void loadLanguageMenu()}
      onClick={() => setIsMenuWanted(true)}
    />
  );
  if (!isMenuWanted) return button;
  return (
    <Suspense fallback={button}>
      <LanguageMenu fullWidth={fullWidth} />
    </Suspense>
  );
}
