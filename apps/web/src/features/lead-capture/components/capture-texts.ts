import type { SecretUrlTexts } from '@/components/ui/secret-url-field';

/** The screen's words (Spanish, Mexico). */
export const captureTexts = {
  title: 'Captura de leads',
  description:
    'Los leads que llegan solos: el formulario de contacto de su sitio web y el primer mensaje de WhatsApp de un número nuevo entran al tablero de Leads de la sucursal.',
  branch: 'Sucursal',
  loading: 'Cargando la captura de leads...',
  loadError: 'Error al cargar la captura de leads',
  onlyManagers: 'Solo los gerentes y administradores configuran la captura de leads.',
  noBranch: 'No tiene una sucursal asignada.',
  form: {
    title: 'Formulario web',
    endpoint: 'Dirección del formulario',
    keyPlaceholder: '{clave}',
    hasKey: 'El formulario tiene una clave vigente. Por seguridad no se vuelve a mostrar: si la perdió, genere una nueva.',
    justIssued: 'Esta es la nueva clave del formulario: cópiela ahora con la dirección o con el formulario HTML. Al salir de esta pantalla no se volverá a mostrar.',
    noKey: 'Aún no hay clave: genere una para publicar el formulario en su sitio.',
    rotate: 'Generar nueva clave',
    rotating: 'Generando...',
    confirmTitle: '¿Generar una nueva clave?',
    confirmFirst: 'Se creará la clave del formulario de la sucursal. Se muestra una sola vez.',
    confirmRotate:
      'La clave anterior deja de funcionar en este momento: los formularios que la usan dejarán de enviar leads hasta que los actualice con la nueva.',
    snippet: 'Formulario HTML listo para pegar en su sitio',
    snippetHint: 'Incluye un campo oculto contra robots: déjelo tal cual.',
    copySnippet: 'Copiar formulario',
    snippetCopied: 'Formulario copiado',
    snippetCopyFailed: 'No se pudo copiar el formulario',
    snippetCopyFailedHint: 'Quedó seleccionado: cópielo con Ctrl+C (o ⌘+C).',
    rotateError: 'No se pudo generar la clave',
  },
  origins: {
    title: 'Sitios permitidos',
    label: 'Orígenes (uno por línea)',
    hint: 'Los sitios desde los que un navegador puede enviar el formulario, p. ej. https://www.inmobiliaria.mx (sin ruta). Para pruebas: http://localhost:puerto.',
    // A browser sends an Origin with every form post; the server refuses any origin not listed.
    empty: 'Ningún sitio listado: ningún navegador puede enviar el formulario todavía. Agregue la dirección del sitio donde lo publica.',
    save: 'Guardar sitios',
    saving: 'Guardando...',
    saved: 'Sitios permitidos guardados',
    saveError: 'No se pudieron guardar los sitios',
    unsaved: 'Cambios sin guardar',
  },
  whatsapp: {
    title: 'WhatsApp',
    description: 'El primer mensaje de un número que ningún lead tiene crea un lead con fuente «WhatsApp»; los siguientes quedan en su historial.',
    noGateway: 'La sucursal aún no tiene una pasarela de WhatsApp configurada: configúrela primero en la pantalla de WhatsApp.',
    hasToken: 'El webhook tiene una URL y una clave de firma vigentes. Por seguridad no se vuelven a mostrar.',
    noToken: 'Aún no hay URL del webhook: genere una y péguela, con su clave de firma, en la configuración de webhooks de su pasarela (Evolution API o WAHA).',
    // A webhook made before signatures were required: every call is refused until a key exists.
    noSecret:
      'El webhook no tiene clave de firma, así que el portal rechaza todos sus mensajes. Genere una nueva URL con su clave y configure ambas en la pasarela.',
    rotate: 'Generar nueva URL del webhook',
    confirmTitle: '¿Generar una nueva URL del webhook?',
    confirmRotate:
      'La URL y la clave anteriores dejan de funcionar en este momento: actualice la pasarela con las nuevas o los mensajes dejarán de llegar.',
    confirmFirst: 'Se crearán la URL del webhook y su clave de firma. Se muestran una sola vez.',
    rotateError: 'No se pudo generar la URL del webhook',
    setupTitle: 'Cómo configurar la pasarela',
    setupWaha:
      'WAHA: en la configuración de webhooks de la sesión, pegue la URL y escriba la clave en «HMAC key» (hmac.key). WAHA firma cada mensaje (X-Webhook-Hmac, SHA-512) y el portal rechaza los que no traen una firma válida o tienen más de 5 minutos.',
    setupEvolution:
      'Evolution API v2: en la configuración del webhook de la instancia (webhook/set), pegue la URL y agregue en «headers» el encabezado X-Webhook-Secret con la clave como valor.',
  },
} as const;

export const keyUrlTexts: SecretUrlTexts = {
  label: 'Dirección del formulario con su clave',
  shownOnce: 'La clave solo se muestra ahora. Si la pierde, genere una nueva (la actual dejará de funcionar).',
  copy: 'Copiar',
  copied: 'Dirección copiada',
  copyFailed: 'No se pudo copiar',
  copyFailedHint: 'Quedó seleccionada: cópiela con Ctrl+C (o mantenga presionado en el teléfono).',
};

export const webhookSecretTexts: SecretUrlTexts = {
  ...keyUrlTexts,
  label: 'Clave de firma del webhook',
  shownOnce: 'Esta clave solo se muestra ahora. Si la pierde, genere una nueva URL (la actual y su clave dejarán de funcionar).',
  copied: 'Clave copiada',
};

export const webhookUrlTexts: SecretUrlTexts = {
  ...keyUrlTexts,
  label: 'URL del webhook',
  shownOnce: 'Esta URL solo se muestra ahora. Si la pierde, genere una nueva (la actual dejará de funcionar).',
  copied: 'URL copiada',
};
