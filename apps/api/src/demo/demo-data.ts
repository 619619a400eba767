/**
 * Realistic Mexico City data for the demo seed (`npm run seed:demo`) and the benchmark's
 * generator (`npm run bench:policies`): names with their accents, colonies with their real
 * municipality, zip code and some of their streets, banks, cars. Invented people, real places.
 */

export const femaleFirstNames = [
  'María Fernanda', 'Guadalupe', 'Ximena', 'Sofía', 'Valeria', 'Daniela', 'Mariana', 'Andrea', 'Fernanda', 'Gabriela',
  'Alejandra', 'Ana Sofía', 'Camila', 'Regina', 'Renata', 'Paola', 'Verónica', 'Patricia', 'Adriana', 'Leticia',
  'Rocío', 'Mónica', 'Beatriz', 'Lucía', 'Itzel', 'Citlali', 'Xóchitl', 'Araceli', 'Martha', 'Yolanda',
  'Claudia', 'Elena', 'Isabel', 'Natalia', 'Jimena', 'Montserrat', 'Karla', 'Brenda', 'Diana', 'Laura',
  'Teresa', 'Rosa María', 'Margarita', 'Silvia', 'Lorena', 'Norma', 'Irma', 'Érika', 'Nayeli', 'Abril',
  'Fátima', 'Valentina', 'Maricruz', 'Dulce María', 'Azucena', 'Perla', 'Ivonne', 'Ángela', 'Susana', 'Carmen',
] as const;

export const maleFirstNames = [
  'José Luis', 'Juan Carlos', 'Luis Fernando', 'Miguel Ángel', 'Jesús', 'Francisco Javier', 'Alejandro', 'Eduardo', 'Roberto', 'Ricardo',
  'Fernando', 'Jorge', 'Sergio', 'Arturo', 'Óscar', 'Raúl', 'Héctor', 'Enrique', 'Manuel', 'Rodrigo',
  'Diego', 'Santiago', 'Sebastián', 'Emiliano', 'Mateo', 'Leonardo', 'Iker', 'Joaquín', 'Andrés', 'Gerardo',
  'Armando', 'Alfredo', 'Ramón', 'Martín', 'Víctor Hugo', 'Jaime', 'Rafael', 'Ernesto', 'Guillermo', 'Rubén',
  'Salvador', 'Tomás', 'Ignacio', 'Hugo', 'Julián', 'Adrián', 'Efraín', 'Ángel', 'Cuauhtémoc', 'Rogelio',
  'Gustavo', 'Mauricio', 'Ulises', 'Isaac', 'Emilio', 'Pablo', 'Germán', 'Benjamín', 'Octavio', 'Abraham',
] as const;

/** Most frequent first, roughly as in Mexico: generators draw the first ones more often. */
export const surnames = [
  'Hernández', 'García', 'Martínez', 'López', 'González', 'Pérez', 'Rodríguez', 'Sánchez', 'Ramírez', 'Cruz',
  'Flores', 'Gómez', 'Morales', 'Vázquez', 'Reyes', 'Jiménez', 'Torres', 'Díaz', 'Gutiérrez', 'Ruiz',
  'Mendoza', 'Aguilar', 'Ortiz', 'Moreno', 'Castillo', 'Romero', 'Álvarez', 'Méndez', 'Chávez', 'Rivera',
  'Juárez', 'Ramos', 'Domínguez', 'Herrera', 'Medina', 'Castro', 'Vargas', 'Guzmán', 'Velázquez', 'Muñoz',
  'Rojas', 'de la Cruz', 'Contreras', 'Salazar', 'Luna', 'Ortega', 'Santiago', 'Guerrero', 'Estrada', 'Bautista',
  'Cortés', 'Soto', 'Alvarado', 'Espinoza', 'Lara', 'Ávila', 'Ríos', 'Cervantes', 'Silva', 'Delgado',
  'Vega', 'Márquez', 'Sandoval', 'Fernández', 'León', 'Carrillo', 'Mejía', 'Solís', 'Núñez', 'Rosas',
  'Valdez', 'Ibarra', 'Campos', 'Santos', 'Camacho', 'Navarro', 'Peña', 'Maldonado', 'Rosales', 'Acosta',
  'Miranda', 'Trejo', 'Valencia', 'Nava', 'Pacheco', 'Robles', 'Molina', 'Rangel', 'Salinas', 'Huerta',
  'Fuentes', 'Escobar', 'Zamora', 'Galván', 'Ochoa', 'Benítez', 'Cárdenas', 'Orozco', 'Villanueva', 'Arellano',
  'Cabrera', 'Zúñiga', 'Montes', 'Mora', 'Ponce', 'Beltrán', 'Figueroa', 'Osorio', 'Serrano', 'Tapia',
  'Aguirre', 'Quintero', 'Esquivel', 'Olvera', 'Villegas', 'Barrera', 'Tovar', 'Arriaga', 'Ocampo', 'Xolalpa',
  'Tecuapetla', 'Cuautle', 'Garza', 'Treviño', 'Villarreal', 'Montoya', 'Quiroz', 'Sosa', 'Iturbide', 'Echeverría',
] as const;

/** Companies that own rented property (a minority of owners). */
export const ownerCompanies = [
  'Inmobiliaria Los Álamos SA de CV',
  'Desarrollos Urbanos Reforma SA de CV',
  'Grupo Patrimonial Chapultepec SA de CV',
  'Bienes Raíces del Valle SC',
  'Administradora Insurgentes SA de CV',
  'Inversiones Coyoacán SA de CV',
] as const;

export interface Colony {
  colony: string;
  municipality: string;
  zipCode: string;
  /** 1 = the most expensive rents (Polanco, Lomas), 3 = the most affordable. */
  tier: 1 | 2 | 3;
  streets: readonly string[];
}

export const colonies: readonly Colony[] = [
  { colony: 'Roma Norte', municipality: 'Cuauhtémoc', zipCode: '06700', tier: 2, streets: ['Calle Durango', 'Calle Colima', 'Calle Orizaba', 'Calle Tonalá', 'Calle Córdoba', 'Av. Álvaro Obregón', 'Calle Mérida', 'Calle Jalapa'] },
  { colony: 'Roma Sur', municipality: 'Cuauhtémoc', zipCode: '06760', tier: 2, streets: ['Calle Medellín', 'Calle Manzanillo', 'Calle Tlacotalpan', 'Calle Bajío'] },
  { colony: 'Condesa', municipality: 'Cuauhtémoc', zipCode: '06140', tier: 2, streets: ['Calle Tamaulipas', 'Calle Michoacán', 'Calle Vicente Suárez', 'Av. Nuevo León', 'Calle Atlixco'] },
  { colony: 'Hipódromo', municipality: 'Cuauhtémoc', zipCode: '06100', tier: 2, streets: ['Av. Ámsterdam', 'Calle Ozuluama', 'Av. México', 'Calle Celaya'] },
  { colony: 'Juárez', municipality: 'Cuauhtémoc', zipCode: '06600', tier: 2, streets: ['Calle Hamburgo', 'Calle Londres', 'Calle Liverpool', 'Calle Havre', 'Calle Berlín'] },
  { colony: 'Cuauhtémoc', municipality: 'Cuauhtémoc', zipCode: '06500', tier: 2, streets: ['Río Lerma', 'Río Pánuco', 'Río Guadalquivir', 'Río Tíber'] },
  { colony: 'Centro', municipality: 'Cuauhtémoc', zipCode: '06000', tier: 3, streets: ['Calle Regina', 'República de Uruguay', 'Calle Isabel la Católica', 'Calle Donceles'] },
  { colony: 'Santa María la Ribera', municipality: 'Cuauhtémoc', zipCode: '06400', tier: 3, streets: ['Calle Sabino', 'Calle Naranjo', 'Calle Fresno', 'Calle Jaime Torres Bodet'] },
  { colony: 'Doctores', municipality: 'Cuauhtémoc', zipCode: '06720', tier: 3, streets: ['Dr. Vértiz', 'Dr. Lavista', 'Dr. Balmis'] },
  { colony: 'Polanco V Sección', municipality: 'Miguel Hidalgo', zipCode: '11560', tier: 1, streets: ['Av. Presidente Masaryk', 'Calle Emilio Castelar', 'Calle Anatole France', 'Calle Julio Verne'] },
  { colony: 'Polanco III Sección', municipality: 'Miguel Hidalgo', zipCode: '11540', tier: 1, streets: ['Calle Lope de Vega', 'Calle Homero', 'Calle Horacio', 'Calle Alejandro Dumas'] },
  { colony: 'Anzures', municipality: 'Miguel Hidalgo', zipCode: '11590', tier: 2, streets: ['Calle Darwin', 'Calle Leibnitz', 'Calle Kepler', 'Calle Copérnico'] },
  { colony: 'Lomas de Chapultepec', municipality: 'Miguel Hidalgo', zipCode: '11000', tier: 1, streets: ['Paseo de la Reforma', 'Monte Líbano', 'Sierra Gorda', 'Prado Norte'] },
  { colony: 'Granada', municipality: 'Miguel Hidalgo', zipCode: '11520', tier: 2, streets: ['Lago Zúrich', 'Lago Alberto', 'Lago Andrómaco'] },
  { colony: 'Escandón', municipality: 'Miguel Hidalgo', zipCode: '11800', tier: 3, streets: ['Calle Agricultura', 'Calle Progreso', 'Calle José Martí'] },
  { colony: 'Tacubaya', municipality: 'Miguel Hidalgo', zipCode: '11870', tier: 3, streets: ['Av. Revolución', 'Calle Becerra'] },
  { colony: 'Del Valle Centro', municipality: 'Benito Juárez', zipCode: '03100', tier: 2, streets: ['Calle Pilares', 'Calle Providencia', 'Calle Gabriel Mancera', 'Calle Adolfo Prieto', 'Av. Coyoacán'] },
  { colony: 'Narvarte Poniente', municipality: 'Benito Juárez', zipCode: '03020', tier: 2, streets: ['Calle Anaxágoras', 'Calle Pitágoras', 'Calle Luz Saviñón', 'Calle Eugenia'] },
  { colony: 'Narvarte Oriente', municipality: 'Benito Juárez', zipCode: '03023', tier: 3, streets: ['Calle Petén', 'Calle Uxmal'] },
  { colony: 'Nápoles', municipality: 'Benito Juárez', zipCode: '03810', tier: 2, streets: ['Calle Pensilvania', 'Calle Nebraska', 'Calle Kansas', 'Calle Dakota'] },
  { colony: 'Portales Norte', municipality: 'Benito Juárez', zipCode: '03303', tier: 3, streets: ['Calzada de Tlalpan', 'Calle Victoria'] },
  { colony: 'Álamos', municipality: 'Benito Juárez', zipCode: '03400', tier: 3, streets: ['Calle Cádiz', 'Calle Galicia', 'Calle Andalucía'] },
  { colony: 'Insurgentes Mixcoac', municipality: 'Benito Juárez', zipCode: '03920', tier: 2, streets: ['Calle Goya', 'Calle Rubens', 'Calle Murillo'] },
  { colony: 'Santa Cruz Atoyac', municipality: 'Benito Juárez', zipCode: '03310', tier: 2, streets: ['Av. Universidad', 'Calle Tokio'] },
  { colony: 'Villa Coyoacán', municipality: 'Coyoacán', zipCode: '04000', tier: 2, streets: ['Calle Francisco Sosa', 'Calle Allende', 'Calle Higuera', 'Calle Centenario'] },
  { colony: 'Del Carmen', municipality: 'Coyoacán', zipCode: '04100', tier: 2, streets: ['Calle Malintzin', 'Calle Xicoténcatl', 'Calle Tres Cruces'] },
  { colony: 'Copilco Universidad', municipality: 'Coyoacán', zipCode: '04360', tier: 3, streets: ['Calle Cerro del Agua', 'Calle Filosofía y Letras'] },
  { colony: 'San Ángel', municipality: 'Álvaro Obregón', zipCode: '01000', tier: 1, streets: ['Calle Amargura', 'Av. de la Paz', 'Calle Frontera'] },
  { colony: 'Guadalupe Inn', municipality: 'Álvaro Obregón', zipCode: '01020', tier: 2, streets: ['Av. Insurgentes Sur', 'Calle Joaquín Gallo'] },
  { colony: 'Lomas de Santa Fe', municipality: 'Álvaro Obregón', zipCode: '01219', tier: 1, streets: ['Av. Santa Fe', 'Av. Javier Barros Sierra'] },
  { colony: 'Santa Fe Cuajimalpa', municipality: 'Cuajimalpa de Morelos', zipCode: '05348', tier: 1, streets: ['Av. Vasco de Quiroga', 'Calle Juan Salvador Agraz'] },
  { colony: 'Contadero', municipality: 'Cuajimalpa de Morelos', zipCode: '05500', tier: 2, streets: ['Calle Arteaga y Salazar', 'Calle Jesús del Monte'] },
  { colony: 'Bosques de las Lomas', municipality: 'Cuajimalpa de Morelos', zipCode: '05120', tier: 1, streets: ['Paseo de los Tamarindos', 'Bosque de Ciruelos', 'Bosque de Alisos'] },
  { colony: 'Lindavista', municipality: 'Gustavo A. Madero', zipCode: '07300', tier: 3, streets: ['Av. Montevideo', 'Calle Riobamba'] },
  { colony: 'Clavería', municipality: 'Azcapotzalco', zipCode: '02080', tier: 3, streets: ['Calle Egipto', 'Calle Irán', 'Calle Nilo'] },
  { colony: 'Toriello Guerra', municipality: 'Tlalpan', zipCode: '14050', tier: 3, streets: ['Calle San Juan de Dios', 'Calle Cantera'] },
  { colony: 'Viaducto Piedad', municipality: 'Iztacalco', zipCode: '08200', tier: 3, streets: ['Calle Coruña', 'Calle Sur 73'] },
];

export const professions: ReadonlyArray<[male: string, female: string]> = [
  ['Ingeniero en sistemas', 'Ingeniera en sistemas'],
  ['Contador público', 'Contadora pública'],
  ['Médico cirujano', 'Médica cirujana'],
  ['Arquitecto', 'Arquitecta'],
  ['Abogado', 'Abogada'],
  ['Diseñador gráfico', 'Diseñadora gráfica'],
  ['Gerente de ventas', 'Gerente de ventas'],
  ['Profesor', 'Profesora'],
  ['Odontólogo', 'Odontóloga'],
  ['Consultor financiero', 'Consultora financiera'],
  ['Mercadólogo', 'Mercadóloga'],
  ['Chef', 'Chef'],
  ['Psicólogo', 'Psicóloga'],
  ['Administrador de empresas', 'Administradora de empresas'],
];

/** Invented employers. */
export const companies = [
  'Grupo Industrial del Bajío SA de CV',
  'Consultores Reforma SC',
  'Servicios Financieros Anáhuac SA de CV',
  'Hospital Santa Teresa',
  'Colegio Moderno Tepeyac',
  'Logística Azteca SA de CV',
  'Tecnologías Xochimilco SA de CV',
  'Despacho Jurídico Garza y Asociados SC',
  'Alimentos La Merced SA de CV',
  'Constructora Ajusco SA de CV',
  'Agencia Creativa Coyoacán',
  'Laboratorios Tlalpan SA de CV',
] as const;

/** Bank names with their three-digit code in the CLABE. */
export const banks: ReadonlyArray<[name: string, code: string]> = [
  ['BBVA México', '012'],
  ['Banamex', '002'],
  ['Santander', '014'],
  ['Banorte', '072'],
  ['HSBC', '021'],
  ['Scotiabank', '044'],
];

export const vehicles: ReadonlyArray<[brand: string, model: string]> = [
  ['Nissan', 'Versa'],
  ['Nissan', 'Sentra'],
  ['Volkswagen', 'Jetta'],
  ['Volkswagen', 'Vento'],
  ['Chevrolet', 'Aveo'],
  ['Toyota', 'Corolla'],
  ['Toyota', 'RAV4'],
  ['Mazda', 'Mazda 3'],
  ['Honda', 'CR-V'],
  ['Kia', 'Rio'],
];

export const vehicleColors = ['Blanco', 'Gris plata', 'Negro', 'Rojo', 'Azul marino', 'Gris oxford'] as const;

export const realEstateAgencies = ['Century 21 Polanco', 'RE/MAX Condesa', 'Coldwell Banker Santa Fe', 'Inmobiliaria Punto Cero', 'Casas y Departamentos Del Valle'] as const;

/** Notes an agent writes on a policy. */
export const specialNotes = [
  'El inquilino tiene una mascota pequeña; el propietario está de acuerdo.',
  'Entrega de llaves en la oficina de la sucursal.',
  'Contactar al propietario solo por la tarde.',
  'El inmueble se entrega pintado y con cortinas.',
  'Renovación de la póliza anterior sin cambios en la renta.',
  'El inquilino solicita firma en fin de semana.',
] as const;

/** A small seeded generator (mulberry32): the same seed gives the same demo data. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A number drawn evenly between `min` and `max` with `random` (a seededRandom). */
export function between(random: () => number, min: number, max: number): number {
  return min + random() * (max - min);
}

/** The CLABE's control digit (weights 3, 7, 1 over the first 17 digits). */
export function clabeCheckDigit(first17: string): string {
  const weights = [3, 7, 1];
  const sum = [...first17].reduce((total, digit, index) => total + ((Number(digit) * weights[index % 3]!) % 10), 0);
  return String((10 - (sum % 10)) % 10);
}
