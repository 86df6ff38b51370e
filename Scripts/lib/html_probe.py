"""Opens an HTML report in headless Chromium and measures what a reader meets.

Two probes are put into a copy of the page: one right after the report's own script (before the
chapters' data), which notes when the verdict, contents and filters are there and then, task by
task, when the page could answer input while the rest is read; one when the document is read,
after the report's own start-up, which measures the page (widths, attention list, scenarios,
verdict, broken words), then opens a chapter from the contents, searches, and prepares the page for
print, timing each."""
import json, os, re, subprocess, time, html as htmllib

EARLY = """<script>
(function(){
  var p=window.__probe={shown:performance.now(),answered:null,gap:0};var last=p.shown;
  // A task runs when the page is free: the first after the top is shown is when input is answered.
  function tick(){var now=performance.now();if(p.answered===null)p.answered=now;p.gap=Math.max(p.gap,now-last);last=now;
    if(document.readyState==='loading')setTimeout(tick,0);}
  setTimeout(tick,0);
})();
</script>"""

LATE = """<script>
document.addEventListener('DOMContentLoaded',function(){
  var r=window.__probe||{};r.loaded=performance.now();if(r.answered===null)r.answered=r.loaded;r.elements=document.getElementsByTagName('*').length;
  var d=document.documentElement;r.page=[d.scrollWidth,d.clientWidth];
  r.wide=[];document.querySelectorAll('.scroll,table,pre,article,section,header,nav,main').forEach(function(e){
    if(e.scrollWidth>e.clientWidth+1&&e.getClientRects().length)r.wide.push(e.tagName+'.'+e.className+' '+e.scrollWidth+'>'+e.clientWidth+' '+(e.textContent||'').slice(0,60));});
  r.attention=[].map.call(document.querySelectorAll('[data-attention]'),function(e){return e.getAttribute('data-attention');});
  // Each entry as read: its place, its text, and whether why it fails comes before its evidence.
  r.attentionEntries=[].map.call(document.querySelectorAll('[data-attention]'),function(e){
    var why=e.querySelector('.why'),evidence=e.querySelector('.evidence');
    return {place:e.getAttribute('data-attention'),why:why?why.textContent:'',
      whyFirst:!!why&&(!evidence||!!(why.compareDocumentPosition(evidence)&Node.DOCUMENT_POSITION_FOLLOWING))};});
  r.more=(document.getElementById('more')||{}).textContent||'';
  r.scenarios=[].map.call(document.querySelectorAll('article.sc'),function(e){return e.id+' '+e.getAttribute('data-status');});
  r.title=document.title;
  r.visibleErrors=[].filter.call(document.querySelectorAll('pre.error'),function(e){return e.getClientRects().length>0;}).map(function(e){return e.textContent;});
  var v=document.querySelector('.verdict');r.verdict=v?v.textContent:'';
  var sc=document.querySelector('.scope');r.scope=sc?sc.textContent:'';
  r.contents=document.querySelectorAll('nav a').length;
  r.axes=document.querySelectorAll('.trend .axis line').length;r.axisLabels=[].map.call(document.querySelectorAll('.trend .labels text'),function(e){return e.textContent;});
  r.marks=[].map.call(document.querySelectorAll('.b.mark'),function(e){return e.textContent;});
  // A word of a table cell broken across lines: a text node's word whose characters sit on two lines.
  r.broken=[];document.querySelectorAll('td,th').forEach(function(cell){
    if(r.broken.length>5||!cell.getClientRects().length)return;
    var walker=document.createTreeWalker(cell,NodeFilter.SHOW_TEXT);var node;
    // Identifiers, paths and code may break to fit (.long, code, pre); words of text may not.
    while((node=walker.nextNode())){if(node.parentElement.closest('.long,code,pre'))continue;var re=/\\S+/g,m;while((m=re.exec(node.data))){
      if(m[0].length<2)continue;var range=document.createRange();range.setStart(node,m.index);range.setEnd(node,m.index+m[0].length);
      var rects=range.getClientRects();if(rects.length>1&&Math.abs(rects[0].top-rects[rects.length-1].top)>2)r.broken.push(m[0]);}}});
  // Where a link into the page landed: the element its fragment names, and how far from the top of the window.
  var id=decodeURIComponent(location.hash.slice(1)),el=id&&!/=/.test(id)&&document.getElementById(id);
  // Its heading, and the bottom of the sticky filter bar that must not hide it.
  var heading=el&&(el.querySelector('h3,h4,h2')||el),bar=document.querySelector('.filters');
  r.landed=el?{id:id,top:el.getBoundingClientRect().top,heading:heading.getBoundingClientRect().top,
    headingBottom:heading.getBoundingClientRect().bottom,barBottom:bar?bar.getBoundingClientRect().bottom:0,
    height:window.innerHeight}:null;r.shownText=(document.getElementById('shown')||{}).textContent||'';
  r.built=document.querySelectorAll('section.feature .chapter').length;r.chapters=document.querySelectorAll('section.feature').length;
  // Open the middle feature from the contents, as a reader clicks it: until its scenarios are laid out.
  var links=[].filter.call(document.querySelectorAll('nav a[href^="#f-"]'),function(a){
    var s=document.getElementById(a.getAttribute('href').slice(1));return s&&!s.querySelector('.chapter');});
  // A large book's contents list folders: open the middle one first, as a reader would.
  var folders=document.querySelectorAll('nav details[data-folder]');
  if(!links.length&&folders.length){var f=folders[Math.floor(folders.length/2)],t0=performance.now();f.querySelector('summary').click();
    links=[].slice.call(f.querySelectorAll('a[href^="#f-"]'));r.folder={ms:performance.now()-t0,features:links.length};}
  if(links.length){var a=links[Math.floor(links.length/2)],t0=performance.now();a.click();
    var s=document.getElementById(a.getAttribute('href').slice(1));var n=s.querySelectorAll('article.sc').length;s.getBoundingClientRect();
    r.open={ms:performance.now()-t0,scenarios:n};}
  // Search the whole run for a word of some scenario's step.
  var q=document.getElementById('q');if(q){var t0=performance.now();q.value=r.searchWord='total';q.dispatchEvent(new Event('input'));
    document.body.getBoundingClientRect();r.search={ms:performance.now()-t0,shown:(document.getElementById('shown')||{}).textContent,
    built:document.querySelectorAll('section.feature .chapter').length};}
  // Printing builds every chapter and the matrix: as the browser's print does, before it lays the page out.
  if(q){q.value='';q.dispatchEvent(new Event('input'));}
  var t1=performance.now();window.dispatchEvent(new Event('beforeprint'));
  r.printed={ms:performance.now()-t1,built:document.querySelectorAll('section.feature .chapter').length,
    matrixRows:document.querySelectorAll('#matrix tr').length};
  var p=document.createElement('pre');p.id='probe';p.textContent=JSON.stringify(r);document.body.appendChild(p);
});
</script>"""

SCRIPT_END = "})();</script>"


def probe(browser, page, width, screenshot=None, timeout=600, fragment=""):
    """Returns (findings or None, seconds the browser took, the DOM as dumped, console lines)."""
    probed = page[:-len(".html")] + ".probe.html"
    text = open(page, encoding="utf-8").read()
    at = text.find(SCRIPT_END)
    if at < 0:
        raise SystemExit("%s: the report's script was not found" % page)
    at += len(SCRIPT_END)
    text = text[:at] + EARLY + text[at:]
    open(probed, "w", encoding="utf-8").write(text.replace("</body></html>", LATE + "</body></html>"))
    flags = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--proxy-server=127.0.0.1:9",
             "--enable-logging=stderr", "--v=0", "--window-size=%d,1200" % width]
    started = time.time()
    try:
        result = subprocess.run(flags + ["--dump-dom", "file://" + probed + fragment], capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, time.time() - started, "", ["the page did not finish loading in %d s" % timeout]
    elapsed = time.time() - started
    if screenshot:
        subprocess.run(flags + ["--hide-scrollbars", "--screenshot=" + screenshot, "file://" + probed],
                       capture_output=True, timeout=600)
    console = [line for line in result.stderr.splitlines()
               if re.search(r"CONSOLE|Uncaught|ERR_|net::", line) and "DevTools" not in line]
    found = re.search(r'<pre id="probe">(.*?)</pre>', result.stdout, re.S)
    findings = json.loads(htmllib.unescape(found.group(1))) if found else None
    return findings, elapsed, result.stdout, console
