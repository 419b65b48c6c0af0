// Export a Recharts chart as PNG: serialize its <svg> (inline styles are already attributes),
// draw it on a canvas at 2x over a white background, and download the canvas.
import { downloadBlob } from "./csv";

export async function exportChartPng(container: HTMLElement, filename: string): Promise<void> {
  const svg = container.querySelector(".recharts-wrapper > svg.recharts-surface");
  if (!(svg instanceof SVGSVGElement)) throw new Error("no chart to export yet");
  const { width, height } = svg.getBoundingClientRect();
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute("xmlns", "http://www.w3.org/2000/svg");
  clone.setAttribute("width", String(width));
  clone.setAttribute("height", String(height));
  const text = new XMLSerializer().serializeToString(clone);
  const url = URL.createObjectURL(new Blob([text], { type: "image/svg+xml;charset=utf-8" }));
  try {
    const image = new Image();
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new Error("the chart's SVG could not be drawn"));
      image.src = url;
    });
    const scale = 2;
    const canvas = document.createElement("canvas");
    canvas.width = Math.ceil(width * scale);
    canvas.height = Math.ceil(height * scale);
    const ctx = canvas.getContext("2d")!;
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.scale(scale, scale);
    ctx.drawImage(image, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
    if (!blob) throw new Error("the canvas could not be encoded");
    downloadBlob(blob, filename);
  } finally {
    URL.revokeObjectURL(url);
  }
}
