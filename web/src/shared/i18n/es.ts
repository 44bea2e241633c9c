import type { Translation } from './en';

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

/** Spanish covers navigation only (spec: es for flags and navigation); everything else falls back to English. */
export const es: DeepPartial<Translation> = {
  language: {
    label: 'Idioma',
    names: { de: 'Deutsch', en: 'English', es: 'Español' },
  },
  nav: {
    main: 'Navegación principal',
    toggle: 'Mostrar/ocultar navegación',
    importDashboard: 'Panel de importación',
    classImport: 'Importar clases',
    imports: 'Importaciones',
    profile: 'Perfil',
    recommendation: 'Recomendación',
    studioGroups: 'Grupos de estudios',
    logout: 'Cerrar sesión',
    login: 'Iniciar sesión',
  },
  topbar: {
    studioGroup: 'Grupo de estudios',
    notifications: 'Notificaciones',
    userMenu: 'Menú de usuario',
  },
  masterData: {
    nav: {
      section: 'Datos maestros',
      trainers: 'Entrenadores',
      studios: 'Estudios',
      paymentTypeRules: 'Reglas de pago',
      settings: 'Configuración',
    },
  },
  settlement: {
    nav: {
      section: 'Cierre mensual',
      settlements: 'Liquidaciones',
      newSettlement: 'Nueva liquidación',
      workflows: 'Workflows',
    },
  },
  staff: { nav: 'Equipo' },
  outbox: {
    nav: { outbox: 'Bandeja de salida' },
  },
  reports: {
    nav: { reports: 'Informes' },
  },
  firstMonth: { nav: 'Primer mes' },
};
