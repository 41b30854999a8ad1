/**
 * The contact-dynamics sweeps' table (assembly/cd-sweeps.ts), in one place for the kernels and their glue
 * (contact-dynamics/sweeps-wasm.ts): plain constants, valid AssemblyScript and TypeScript alike. The table is an i32
 * column of the arena, a column's byte offset per slot.
 */
/** The contacts (contact-dynamics/impulse-contacts.ts ImpulseContacts): bodies, normal, lever arms, W, target, force, last sweep's force */
export const CI = 0, CJ = 1, NX = 2, NY = 3, RIX = 4, RIY = 5, RJX = 6, RJY = 7, WNN = 8, WTT = 9, WNT = 10, TARGET = 11;
export const RN = 12, RT = 13, RN_OLD = 14, RT_OLD = 15;
/**
 * The bodies' velocities and mobilities (Mobility), the walls' velocities, inverse masses and normals, the sweep's order,
 * the contacts' packed copy (cd-sweeps.ts cdPack: PACKED_BYTES a contact)
 */
export const VX = 16, VY = 17, OM = 18, IMX = 19, IMY = 20, II = 21, WVX = 22, WVY = 23, WIM = 24, WNX = 25, WNY = 26, PERM = 27, PACKED = 28;
/** Slots in all */
export const CD_SLOTS = 29;
/** The bytes of a contact's packed record */
export const PACKED_BYTES = 96;
