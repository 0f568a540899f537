// The centre's facts that change without a code change to components: one place.
export const centre = {
  address: '20, chemin du Lac-Mulvihill, La Pêche (Québec) J0X 2W0',
  email: 'info@centrepleinair-lapeche.org',
  timeZone: 'America/Toronto',
  defaultEventLocation: '20, chemin du Lac-Mulvihill, La Pêche (Québec) J0X 2W0',
} as const;
