/** The named redirect targets of spec §2 (paths inside the /tpp/ base). */
export const REDIRECT_TARGETS = {
  login: '/login',
  home: '/',
  callback: '/login',
  logout: '/login',
} as const;
