import { useDebouncedValue } from '@mantine/hooks';
import { useNavigation } from 'react-router';
import { FullScreenLoader } from './FullScreenLoader.tsx';

/** Shows the full-screen spinner while the router loads the next page, unless that takes only a moment. */
export function RouteChangeSpinner() {
  const navigation = useNavigation();
  const isLoading = navigation.state === 'loading';
  const [isSlow] = useDebouncedValue(isLoading, 150);
  return isLoading && isSlow ? <FullScreenLoader /> : null;
}
