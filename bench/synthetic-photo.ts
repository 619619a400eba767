/**
 * A phone camera's photo of an INE lying on a table, drawn in the browser: what the photo bench,
 * the OCR quality table and the e2e journey upload. Nothing binary is committed: the browser
 * draws it and encodes it with its own JPEG encoder (as a phone's camera app would, at quality
 * 0.92), with sensor noise and a soft focus so the file weighs what a camera's does (a 12 MP
 * photo: ~4–6 MB, not the 1 MB a flat drawing would compress to).
 *
 * The card is drawn at an INE's proportions (85.6 × 54 mm) with its fields in the card's small
 * print (labels ~1.3 mm, values ~1.8 mm high at `cardWidth` px for 85.6 mm). `inePrintedText`
 * is what is printed on it, for judging what OCR reads back.
 *
 * Kept as JavaScript source in a string: bench/ is type-checked without the DOM's types, and the
 * e2e and the benches run it in the page with `page.evaluate(syntheticPhotoScript)` then
 * `window.syntheticPhoto({ width, height, cardWidth, seed })` — the photo's size, the card's width
 * in it (how close the phone was), a seed that varies the noise so seven photos are seven files —
 * which resolves to `{ base64, bytes, card: { x, y, width, height } }` (the card's box, as fractions).
 */

export const inePrintedText = [
  'INSTITUTO NACIONAL ELECTORAL',
  'CREDENCIAL PARA VOTAR',
  'NOMBRE',
  'LOPEZ',
  'HERNANDEZ',
  'MARIA GUADALUPE',
  'DOMICILIO',
  'C JAZMINES 245 INT 3',
  'COL JARDINES DEL SUR 16050',
  'XOCHIMILCO, CDMX',
  'CLAVE DE ELECTOR LPHRMR85031209M700',
  'CURP LOHG850312MDFPRD09',
  'FECHA DE NACIMIENTO 12/03/1985',
  'SECCION 3712 VIGENCIA 2021 - 2031',
  'ANO DE REGISTRO 2003 01',
];

export const syntheticPhotoScript = `
window.syntheticPhoto = async ({ width, height, cardWidth, seed }) => {
  const lines = ${JSON.stringify(inePrintedText)};
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const g = canvas.getContext('2d');
  // The table: a warm wood-like gradient with grain.
  const table = g.createLinearGradient(0, 0, width, height);
  table.addColorStop(0, '#8a6a4f');
  table.addColorStop(1, '#5b4332');
  g.fillStyle = table;
  g.fillRect(0, 0, width, height);
  let state = seed * 2654435761 % 4294967296 || 1;
  const random = () => ((state = (state * 1664525 + 1013904223) % 4294967296) / 4294967296);
  for (let i = 0; i < 400; i++) {
    g.strokeStyle = 'rgba(40,25,15,' + (0.05 + random() * 0.1) + ')';
    g.lineWidth = 2 + random() * 6;
    const y = random() * height;
    g.beginPath(); g.moveTo(0, y); g.bezierCurveTo(width / 3, y + 40 * random(), (2 * width) / 3, y - 40 * random(), width, y + 20); g.stroke();
  }
  // The card, slightly turned, at an INE's proportions.
  const cardHeight = Math.round(cardWidth * 54 / 85.6);
  const x = Math.round((width - cardWidth) / 2), y = Math.round((height - cardHeight) / 2);
  const mm = cardWidth / 85.6;
  g.save();
  g.translate(width / 2, height / 2);
  g.rotate(-0.025);
  g.translate(-width / 2, -height / 2);
  g.shadowColor = 'rgba(0,0,0,0.45)'; g.shadowBlur = 30; g.shadowOffsetY = 12;
  const face = g.createLinearGradient(x, y, x + cardWidth, y + cardHeight);
  face.addColorStop(0, '#f3e6ee'); face.addColorStop(0.5, '#e9eef3'); face.addColorStop(1, '#e7f0e4');
  g.fillStyle = face;
  g.beginPath(); g.roundRect(x, y, cardWidth, cardHeight, 3 * mm); g.fill();
  g.shadowColor = 'transparent';
  // Guilloche-like background lines, as the real card has.
  g.strokeStyle = 'rgba(150,90,130,0.18)'; g.lineWidth = Math.max(1, mm * 0.15);
  for (let i = 0; i < 60; i++) {
    g.beginPath();
    for (let t = 0; t <= 1; t += 0.02) g.lineTo(x + t * cardWidth, y + cardHeight * (i / 60) + Math.sin(t * 12 + i) * 4 * mm);
    g.stroke();
  }
  // The portrait's place.
  g.fillStyle = '#9aa3ad';
  g.fillRect(x + 4 * mm, y + 14 * mm, 22 * mm, 28 * mm);
  g.fillStyle = '#1f2a36';
  const text = (value, left, top, heightMm, bold) => {
    g.font = (bold ? 'bold ' : '') + Math.round(heightMm * mm * 1.35) + 'px "DejaVu Sans", Arial, sans-serif';
    g.fillText(value, x + left * mm, y + top * mm);
  };
  text('MEXICO', 4, 6, 2.2, true);
  text(lines[0], 22, 6, 1.8, true);
  text(lines[1], 22, 10, 1.6, true);
  text(lines[2], 29, 16, 1.3, false);
  text(lines[3], 29, 19, 1.8, true);
  text(lines[4], 29, 22, 1.8, true);
  text(lines[5], 29, 25, 1.8, true);
  text(lines[6], 29, 29.5, 1.3, false);
  text(lines[7], 29, 32.5, 1.8, true);
  text(lines[8], 29, 35.5, 1.8, true);
  text(lines[9], 29, 38.5, 1.8, true);
  text(lines[10], 29, 42.5, 1.6, true);
  text(lines[11], 29, 45.5, 1.6, true);
  text(lines[12], 29, 48.5, 1.4, false);
  text(lines[13], 29, 51.3, 1.4, false);
  text(lines[14], 4, 46, 1.3, false);
  g.restore();
  // A lens: a touch of blur, lighting falling off to the corners, then sensor noise.
  const soft = document.createElement('canvas');
  soft.width = width; soft.height = height;
  const s = soft.getContext('2d');
  s.filter = 'blur(' + (width / 4000).toFixed(2) + 'px)';
  s.drawImage(canvas, 0, 0);
  const light = s.createRadialGradient(width * 0.45, height * 0.4, 0, width / 2, height / 2, Math.max(width, height) * 0.75);
  light.addColorStop(0, 'rgba(255,250,235,0.06)'); light.addColorStop(1, 'rgba(0,0,0,0.28)');
  s.filter = 'none';
  s.fillStyle = light; s.fillRect(0, 0, width, height);
  const band = 256;
  for (let top = 0; top < height; top += band) {
    const rows = Math.min(band, height - top);
    const data = s.getImageData(0, top, width, rows);
    const px = data.data;
    for (let i = 0; i < px.length; i += 4) {
      const n = (random() + random() + random() - 1.5) * 34;
      px[i] += n; px[i + 1] += n * 0.9 + (random() - 0.5) * 6; px[i + 2] += n * 1.1;
    }
    s.putImageData(data, 0, top);
  }
  const blob = await new Promise((resolve) => soft.toBlob(resolve, 'image/jpeg', 0.92));
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return { base64: btoa(binary), bytes: bytes.length, card: { x: x / width, y: y / height, width: cardWidth / width, height: cardHeight / height } };
};
`;
