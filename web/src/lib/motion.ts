/** How the page scrolls to something it shows: at once for people who asked their system for less motion. */
export const scrollBehavior = (): ScrollBehavior => (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth');
