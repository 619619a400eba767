import { messages } from '../common/messages';

/** The policies' texts (zod-free: the list screens show some of them). */
export const policyMessages = {
  invalidNumber: (field: string) => `El campo ${field} debe ser un número`,
  notNegative: (field: string) => `El campo ${field} no puede ser negativo`,
  positive: (field: string) => `El campo ${field} debe ser mayor a cero`,
  tooLarge: (field: string) => `El campo ${field} es demasiado grande`,
  wholeNumber: (field: string) => `El campo ${field} debe ser un número entero`,
  range: (field: string, min: number, max: number) => `El campo ${field} debe estar entre ${min} y ${max}`,
  invalidDate: (field: string) => `El campo ${field} debe ser una fecha válida`,
  clabe: 'La CLABE debe tener exactamente 18 dígitos',
  tenantsRequired: 'Agregue al menos un inquilino',
  guarantorsRequired: 'Este tipo de póliza requiere al menos un aval (obligado solidario)',
  noUser: 'No hay usuario autenticado',
  saveError: 'Error al guardar la póliza',
  saveErrorToast: 'Ha ocurrido un error al guardar la póliza. Por favor intente nuevamente.',
  loadError: 'Error loading policy',
  created: 'Póliza creada exitosamente',
  updated: 'Póliza actualizada exitosamente',
  notFound: 'Póliza no encontrada',
  emptyList: 'No se encontraron pólizas con los criterios seleccionados',
  emptyTracking: 'No se encontraron pólizas con los criterios de búsqueda',
  otherBranchList: 'No tiene acceso a las pólizas de otra sucursal',
  branchNotFound: messages.branchNotFound,
  invalidCursor: 'El cursor de paginación no es válido',
  policyNumberTaken: (policyNumber: string) => `El folio de póliza ${policyNumber} ya existe`,
  policyNumberRace: 'Otra póliza recibió el mismo folio de póliza al mismo tiempo. Intente nuevamente.',
  folioUnavailable:
    'Ya están asignados los 1,000 folios de investigación de este minuto (del 000 al 999). El siguiente minuto tiene folios nuevos: guarde la póliza de nuevo en cuanto cambie el minuto.',
} as const;
