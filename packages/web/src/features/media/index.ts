/** Photos and scanned documents (issue 22): what other features use. */
export { MediaGallery } from './MediaGallery.tsx';
export { MediaSection } from './MediaSection.tsx';
export { PersonPortrait, PortraitImage } from './PersonPortrait.tsx';
export { PortraitThumb } from './PortraitThumb.tsx';
