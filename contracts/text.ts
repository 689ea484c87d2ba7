/** Text helpers shared by the server and the islands. Pure TypeScript. */

/**
 * Lower case, accents stripped, runs of spaces folded to one: how names are compared ("Défenses
 * naturelles" and "defenses  naturelles" match; a typed place name and an official one).
 */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
