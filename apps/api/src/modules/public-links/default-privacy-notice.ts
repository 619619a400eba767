/**
 * The product's aviso de privacidad (version 1), written to the database the first time it is
 * needed. Admins replace it with the business's own text at /admin/privacy (a new version); this
 * one follows the structure of the Ley Federal de Protección de Datos Personales en Posesión de
 * los Particulares: who is responsible, which data, what for, and how to exercise ARCO rights.
 */
export const defaultPrivacyNotice = `AVISO DE PRIVACIDAD

El responsable del tratamiento de sus datos personales es la empresa que le envió este enlace, a través de la sucursal que atiende su póliza jurídica de arrendamiento.

Datos que recabamos: su nombre, datos de contacto, identificación oficial, comprobantes de ingresos, comprobante de domicilio, escrituras y los demás documentos que usted nos entregue por este medio, así como la fecha, la hora y la dirección IP desde la que los envía o firma.

Finalidades: investigar su solicitud de arrendamiento, elaborar y formalizar los contratos y la póliza jurídica, y dar seguimiento a la póliza durante su vigencia. Sus datos no se usan con fines publicitarios.

Transferencias: sus datos solo se comparten con las partes del contrato de arrendamiento en lo necesario para celebrarlo, y con las autoridades que los requieran conforme a la ley.

Derechos ARCO: usted puede acceder a sus datos, rectificarlos, cancelarlos u oponerse a su tratamiento, así como revocar su consentimiento, solicitándolo por escrito a la sucursal que le envió este enlace.

Cambios a este aviso: cualquier cambio se le mostrará antes de que nos entregue nuevos documentos.`;
