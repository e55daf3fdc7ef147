// How the server's mails read: plain text and HTML of the same words, the product's name, one
// button-like link, and nothing that tracks the reader (no images, no pixels, no redirects).
const escapeHtml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

export const PRODUCT_NAME = "Edge Tracker";

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const paragraph = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`;

/** The HTML page every mail is: the product's name over `parts` on a white card. */
const htmlPage = (parts: string[]) =>
  [
    '<!doctype html><html><body style="margin:0;padding:24px;background:#f5f5f5;font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#171717">',
    '<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">',
    `<p style="margin:0 0 24px;font-weight:600">${PRODUCT_NAME}</p>`,
    ...parts,
    "</div></body></html>",
  ].join("");

/** A mail of a few paragraphs around one link (the link also written out in full), or a note with none. */
export function linkMail(options: { subject: string; intro: string[]; action?: { label: string; url: string }; outro: string[] }): MailContent {
  const { subject, intro, action, outro } = options;
  const text = [...intro, "", ...(action ? [`${action.label}: ${action.url}`, ""] : []), ...outro, "", `— ${PRODUCT_NAME}`].join("\n");
  const html = htmlPage([...intro.map(paragraph), ...(action ? actionHtml(action) : []), ...outro.map(paragraph)]);
  return { subject, text, html };
}

function actionHtml(action: { label: string; url: string }) {
  return [
    `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#3f76ff;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px;font-weight:600">${escapeHtml(action.label)}</a></p>`,
    `<p style="margin:0 0 16px;font-size:13px;color:#525252">Or open this address: <a href="${escapeHtml(action.url)}" style="color:#3f76ff">${escapeHtml(action.url)}</a></p>`,
  ];
}

/** One part of a mail about several things (an issue of a digest): a linked title, its lines and its own small links. */
export interface MailSection {
  title: string;
  url: string;
  lines: string[];
  links: { label: string; url: string }[];
}

const smallLink = (link: { label: string; url: string }) =>
  `<a href="${escapeHtml(link.url)}" style="color:#525252">${escapeHtml(link.label)}</a>`;

/** A mail of sections (one per issue), each linked, with closing lines that may carry a link each. */
export function sectionsMail(options: { subject: string; intro: string; sections: MailSection[]; footer: { text: string; link?: { label: string; url: string } }[] }): MailContent {
  const { subject, intro, sections, footer } = options;
  const text = [
    intro,
    "",
    ...sections.flatMap((section) => [section.title, section.url, ...section.lines.map((line) => `- ${line}`), ...section.links.map((link) => `${link.label}: ${link.url}`), ""]),
    ...footer.map((line) => (line.link ? `${line.text} ${line.link.label}: ${line.link.url}` : line.text)),
    "",
    `— ${PRODUCT_NAME}`,
  ].join("\n");
  const html = htmlPage([
    paragraph(intro),
    ...sections.map(
      (section) =>
        `<div style="border-top:1px solid #e5e5e5;padding:16px 0 8px">` +
        `<p style="margin:0 0 8px"><a href="${escapeHtml(section.url)}" style="color:#3f76ff;font-weight:600;text-decoration:none">${escapeHtml(section.title)}</a></p>` +
        `<ul style="margin:0 0 8px;padding-left:20px">${section.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>` +
        (section.links.length > 0 ? `<p style="margin:0 0 8px;font-size:12px">${section.links.map(smallLink).join(" · ")}</p>` : "") +
        "</div>",
    ),
    ...footer.map(
      (line) => `<p style="margin:16px 0 0;font-size:12px;color:#525252">${escapeHtml(line.text)}${line.link ? ` ${smallLink(line.link)}` : ""}</p>`,
    ),
  ]);
  return { subject, text, html };
}
