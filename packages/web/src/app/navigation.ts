/**
 * How code outside the router's React tree (a notification's link: Mantine's notifications are
 * rendered beside the router, not in it) opens a page of the app. main.tsx registers the router's
 * own navigation; until then, and in tests, the page is loaded.
 */
let navigator: (href: string) => void = (href) => window.location.assign(href);

export function setNavigator(navigate: (href: string) => void): void {
  navigator = navigate;
}

export function navigateTo(href: string): void {
  navigator(href);
}
